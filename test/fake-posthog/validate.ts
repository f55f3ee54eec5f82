import { fail, validationError } from './errors';

/** DRF field checks with its wording. Each returns undefined when the field is absent. */
export type Body = Record<string, unknown>;

export function asBody(body: unknown): Body {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const type = Array.isArray(body)
      ? 'list'
      : body === null
        ? 'NoneType'
        : typeof body === 'string'
          ? 'str'
          : 'int';
    return fail(validationError(`Invalid data. Expected a dictionary, but got ${type}.`));
  }
  return body as Body;
}

function checkString(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string') return fail(validationError('Not a valid string.', field));
  if (value.length > maxLength) {
    return fail(
      validationError(`Ensure this field has no more than ${maxLength} characters.`, field, 'max_length'),
    );
  }
  return value;
}

export function optionalString(body: Body, field: string, maxLength = 400): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return fail(validationError('This field may not be null.', field, 'null'));
  return checkString(value, field, maxLength);
}

export function optionalNullableString(
  body: Body,
  field: string,
  maxLength = 400,
): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  return checkString(value, field, maxLength);
}

const TRUE = new Set<unknown>([true, 'true', 'True', 'TRUE', '1', 1, 'yes', 'on']);
const FALSE = new Set<unknown>([false, 'false', 'False', 'FALSE', '0', 0, 'no', 'off']);

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return fail(validationError('Must be a valid boolean.', field));
}

export function optionalInteger(body: Body, field: string, { nullable = false } = {}) {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) {
    return nullable ? null : fail(validationError('This field may not be null.', field, 'null'));
  }
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) {
    return fail(validationError('A valid integer is required.', field));
  }
  return number;
}

export function optionalChoice<T extends number>(body: Body, field: string, choices: readonly T[]) {
  const value = body[field];
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (!choices.includes(number as T)) {
    return fail(validationError(`"${String(value)}" is not a valid choice.`, field, 'invalid_choice'));
  }
  return number as T;
}

export function optionalStringList(body: Body, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    const type = value === null ? 'NoneType' : typeof value === 'string' ? 'str' : typeof value;
    return fail(validationError(`Expected a list of items but got type "${type}".`, field, 'not_a_list'));
  }
  return value.map((item) => String(item));
}

export function required<T>(value: T | undefined, field: string): T {
  return value === undefined ? fail(validationError('This field is required.', field, 'required')) : value;
}

/** Python truthiness, which PostHog's "empty filters" checks use. */
export function isEmptyFilters(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}
