import type { RewardSettingsInput, RewardSettingsView } from '@tillbook/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TabLinks } from '../../components/ui/tab-links.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { RewardPointsTab } from './reward-points-tab.tsx';
import { RewardRedemptionTab } from './reward-redemption-tab.tsx';
import { useRewardSettings, useSaveRewardSettings } from './reward-settings-api.ts';
import { rewardSettingsFormSchema, tabSections, toSettingsForm, type RewardSettingsTab } from './reward-settings-model.ts';
import { SettingsPage } from './settings-page.tsx';

const tabs = [
  { key: 'points', label: 'Earning points', to: '/settings/rewards?tab=points' },
  { key: 'redemption', label: 'Paying with points', to: '/settings/rewards?tab=redemption' },
];

/** /settings/rewards?tab=points (earning and expiry) or ?tab=redemption (paying with points). */
export function RewardSettingsPage() {
  const tab: RewardSettingsTab = useSearchParams()[0].get('tab') === 'redemption' ? 'redemption' : 'points';
  return (
    <SettingsPage title="Reward settings" description="How customers earn loyalty points, and how they pay with them at the till.">
      {() => <RewardSettingsContent tab={tab} />}
    </SettingsPage>
  );
}

function RewardSettingsContent({ tab }: { tab: RewardSettingsTab }) {
  const settings = useRewardSettings();
  return (
    <>
      <TabLinks label="Reward settings" tabs={tabs} current={tab} />
      {settings.isPending ? (
        <PageLoading className="py-24" />
      ) : settings.isError ? (
        <Alert tone="error" title="The reward settings could not be loaded.">
          <p>{errorMessageOf(settings.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        // A tab starts from what is saved: what was typed on the other tab and not saved is left behind.
        <RewardSettingsForm key={tab} tab={tab} saved={settings.data} />
      )}
    </>
  );
}

/**
 * One tab's form. It holds the whole settings, as saved, and shows only the tab's fields, so a
 * save sends the other tab's values unchanged; a server message for them shows above the form.
 */
function RewardSettingsForm({ tab, saved }: { tab: RewardSettingsTab; saved: RewardSettingsView }) {
  const money = useMoney();
  const save = useSaveRewardSettings();
  const schema = useMemo(() => rewardSettingsFormSchema(money, tab), [money, tab]);
  const form = useSchemaForm(schema, { defaultValues: toSettingsForm(saved, money) });

  async function submit(values: RewardSettingsInput) {
    const answer = await save.mutateAsync(values);
    notify.success('Reward settings saved.');
    form.reset(toSettingsForm(answer, money));
  }

  return (
    <Form form={form} onSubmit={submit} fields={tabSections[tab]}>
      {tab === 'points' ? <RewardPointsTab /> : <RewardRedemptionTab />}
      <FormActions isPending={save.isPending} discard={{ isDirty: form.formState.isDirty, reset: () => form.reset() }} />
    </Form>
  );
}
