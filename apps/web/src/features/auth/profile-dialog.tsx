import { profileInput, type ProfileInput, type User } from '@tillbook/contract';
import { DialogFormActions, Form, useSchemaForm } from '../../components/form.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { notify } from '../../lib/notifications.tsx';
import { useSaveProfile } from './api/save-profile.ts';

type ProfileDialogProps = { user: User; open: boolean; onClose: () => void };

/** "My profile": the signed-in user's name, e-mail and password (PUT /api/users/edit). */
export function ProfileDialog({ user, open, onClose }: ProfileDialogProps) {
  // Mounted only while open: Dialog labels itself with a fixed id, which a second, closed dialog
  // on the same screen would share.
  if (!open) return null;
  return (
    <Dialog open title="My profile" onClose={onClose}>
      <ProfileForm user={user} onClose={onClose} />
    </Dialog>
  );
}

function ProfileForm({ user, onClose }: { user: User; onClose: () => void }) {
  const save = useSaveProfile();
  const form = useSchemaForm(profileInput, {
    defaultValues: { name: user.name, email: user.email ?? '', currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  async function submit(values: ProfileInput) {
    await save.mutateAsync(values);
    notify.success('Your profile is saved.');
    onClose();
  }
  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      <p className="text-xs text-gray-500">
        Signed in as <span className="font-mono">{user.username}</span>.
      </p>
      <Field label="Name" error={errors.name?.message}>
        <TextInput {...form.register('name')} autoComplete="name" />
      </Field>
      <Field label="E-mail" error={errors.email?.message}>
        <TextInput {...form.register('email')} type="email" autoComplete="email" />
      </Field>
      <fieldset className="space-y-4 border-t border-gray-200 pt-4">
        <legend className="pr-2 text-sm font-medium text-gray-800">Change password (optional)</legend>
        <Field label="Current password" error={errors.currentPassword?.message}>
          <TextInput {...form.register('currentPassword')} type="password" autoComplete="current-password" />
        </Field>
        <Field label="New password" error={errors.password?.message} hint="At least 8 characters; signs you out everywhere else. Leave empty to keep your password.">
          <TextInput {...form.register('password')} type="password" autoComplete="new-password" />
        </Field>
        <Field label="Confirm new password" error={errors.passwordConfirmation?.message}>
          <TextInput {...form.register('passwordConfirmation')} type="password" autoComplete="new-password" />
        </Field>
      </fieldset>
      <DialogFormActions isPending={save.isPending} onCancel={onClose} />
    </Form>
  );
}
