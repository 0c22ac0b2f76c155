import { zodResolver } from '@hookform/resolvers/zod';
import { profileInput, type ProfileInput, type User } from '@tillbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { setUser } from '../../lib/auth.ts';
import { http } from '../../lib/http.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { notify } from '../../lib/notifications.tsx';

const fields = ['name', 'email', 'currentPassword', 'password', 'passwordConfirmation'] as const;

function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput) => (await http.put<{ data: User }>('/api/users/edit', input)).data.data,
    onSuccess: async (user) => {
      setUser(user);
      await client.invalidateQueries({ queryKey: ['session', 'user'] });
      await client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileInput, unknown, ProfileInput>({
    resolver: zodResolver(profileInput) as never,
    defaultValues: { name: user.name, email: user.email ?? '', currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => {
        notify.success('Your profile is saved.');
        onClose();
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, fields)),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
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
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Processing' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
