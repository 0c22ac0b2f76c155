import type { ShopSettings } from '@tillbook/contract';
import type { ReactNode } from 'react';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useSettings } from './api.ts';
import { SettingsTabs } from './settings-tabs.tsx';

type SettingsPageProps = {
  title: string;
  description: ReactNode;
  /** The page's content, once the settings have loaded. */
  children: (settings: ShopSettings) => ReactNode;
};

/** The frame of a settings page: title, the settings tab bar, and the loading and error states. */
export function SettingsPage({ title, description, children }: SettingsPageProps) {
  const settings = useSettings();
  return (
    <Page>
      <PageHeader title={title} description={description} />
      <SettingsTabs />
      {settings.isPending ? (
        <PageLoading className="py-24" />
      ) : settings.isError ? (
        <Alert tone="error" title="The settings could not be loaded.">
          <p>{errorMessageOf(settings.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        children(settings.data)
      )}
    </Page>
  );
}
