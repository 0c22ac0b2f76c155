/**
 * zod skips an object's own rules (refine, superRefine) as soon as any of its fields has failed,
 * so a form would learn of "the amount is required" only after the name was fixed. These let a
 * rule run whenever the fields it reads are valid, so every mistake is reported at once.
 */

type Payload = { value: unknown; issues: ReadonlyArray<{ path?: PropertyKey[] | undefined }> };

/** True when the value is an object and none of `fields` (none at all when empty) has failed. */
export function fieldsAreValid(payload: Payload, ...fields: string[]): boolean {
  if (typeof payload.value !== 'object' || payload.value === null) return false;
  return !payload.issues.some((issue) => {
    const first = issue.path?.[0];
    return first === undefined || fields.includes(String(first));
  });
}

/** `{ when }` for refine/superRefine: run the rule when `fields` are valid, whatever else failed. */
export function whenValid(...fields: string[]) {
  return { when: (payload: Payload) => fieldsAreValid(payload, ...fields) };
}
