import { STATUS_CODES } from 'node:http';
import {
  errorReply,
  methodNotAllowed,
  notAuthenticated,
  notFound,
  permissionDenied,
  serverError,
  throttled,
  validationError,
} from './errors';
import type { Reply } from './http';
import { normalizePath } from './router';
import type { Fault, FaultRule, Flavor } from './types';

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
}

/** The faults a test asked for, consumed in the order they were set. */
export class FaultBook {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push({ rule, remaining: rule.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.rules = [];
  }

  /** Consumes every matching rule of these types; returns their faults, oldest rule first. */
  take(method: string, path: string, types: readonly Fault['type'][], firstOnly: boolean): Fault[] {
    const taken: Fault[] = [];
    for (const active of this.rules) {
      if (!types.includes(active.rule.fault.type) || !matches(active.rule, method, path)) continue;
      active.remaining -= 1;
      taken.push(active.rule.fault);
      if (firstOnly) break;
    }
    this.rules = this.rules.filter((active) => active.remaining > 0);
    return taken;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  if (rule.path instanceof RegExp) {
    rule.path.lastIndex = 0;
    return rule.path.test(path);
  }
  return normalizePath(rule.path) === normalizePath(path);
}

/** A PostHog-style answer for a bare status code. */
export function statusReply(status: number, method: string, flavor: Flavor): Reply {
  if (status >= 500) return { ...serverError(), status };
  switch (status) {
    case 400:
      return validationError('Invalid input.');
    case 401:
      return notAuthenticated();
    case 403:
      return permissionDenied('You do not have permission to perform this action.');
    case 404:
      return notFound();
    case 405:
      return methodNotAllowed(method);
    case 429:
      return throttled(1, flavor === 'contract');
    default:
      return errorReply(status, {
        type: 'invalid_request',
        code: 'error',
        detail: STATUS_CODES[status] ?? 'Error',
        attr: null,
      });
  }
}

export const BAD_GATEWAY_HTML = '<html><body><h1>502 Bad Gateway</h1></body></html>';

export function faultReply(fault: Fault, method: string, flavor: Flavor): Reply | null {
  switch (fault.type) {
    case 'status':
      return statusReply(fault.status, method, flavor);
    case 'throttle':
      return throttled(fault.seconds, flavor === 'contract');
    case 'malformed-json':
      return {
        status: 200,
        text: '{"count":3,"next":null,"previous":null,"results":[{"id":1,"name":"Pro',
        contentType: 'application/json',
      };
    case 'html':
      return { status: 502, text: BAD_GATEWAY_HTML, contentType: 'text/html; charset=utf-8' };
    default:
      return null;
  }
}
