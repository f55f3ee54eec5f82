import { AppError } from '../platform/errors';

/**
 * Path building. Every id goes through one of these so a hostile id (a recording id with `/`, `?`,
 * `#`, or a `..` segment) can never change which route a request reaches.
 */

export type ProjectRef = number | '@current';

function refuse(what: string): AppError {
  return new AppError('bad-message', { detail: `invalid ${what}` });
}

/** A string id as one encoded path segment; `.` and `..` would be collapsed by URL parsing. */
export function segment(value: string, what = 'id'): string {
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..') throw refuse(what);
  return encodeURIComponent(value);
}

/** A positive integer id (projects, dashboards, tiles, users). */
export function intSegment(value: number, what = 'id'): string {
  if (!Number.isSafeInteger(value) || value < 0) throw refuse(what);
  return String(value);
}

export function projectSegment(project: ProjectRef): string {
  return project === '@current' ? project : intSegment(project, 'project id');
}

/** Joins segments into `/api/…/` with the trailing slash PostHog's sample calls use. */
export function apiPath(...segments: string[]): string {
  return `/api/${segments.join('/')}/`;
}

export function projectPath(project: ProjectRef, ...segments: string[]): string {
  return apiPath('projects', projectSegment(project), ...segments);
}
