import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export type FieldsProps<V extends FieldValues> = { form: UseFormReturn<V>; isNew: boolean; hasPin: boolean };

/** What the one people form needs to know about a mode: words, schema, fields and API. */
export type FormMode<T extends { id: number; name: string }, V extends FieldValues> = {
  /** "customer", "staff user" (messages). */
  singular: string;
  capitalSingular: string;
  basePath: string;
  listLabel: string;
  newTitle: string;
  editTitle: (item: T | undefined) => string;
  schema: (isNew: boolean) => z.ZodType;
  blank: V;
  toForm: (item: T) => V;
  /** The fields a 422 may name (anything else shows above the form). */
  fields: readonly string[];
  Fields: ComponentType<FieldsProps<V>>;
  /** The body to send: the parsed values plus what only the raw form knows (e.g. "remove the PIN"). */
  toInput: (values: V, raw: V, isNew: boolean) => object;
  useItem: (id: number | undefined) => UseQueryResult<T>;
  useSave: (id: number | undefined) => UseMutationResult<T, Error, never>;
};
