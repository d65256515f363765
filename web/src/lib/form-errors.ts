import type { ZodType } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** Validates `values` with a contract schema; the first message of each field, keyed by the field name. */
export function validateFields<K extends string>(schema: ZodType, values: unknown): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** Moves focus to the first field (in form order) that has an error, so keyboard users land on it. */
export function focusFirstError(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
