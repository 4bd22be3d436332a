import { describe, expect, it } from 'vitest';
import { acceptedMediaTypes, isJsonContentType, negotiateOutput } from '../../electron/service/content-negotiation.ts';

describe('negotiateOutput', () => {
  it('defaults to JSON without a header or with anything else', () => {
    expect(negotiateOutput(null)).toBe('json');
    expect(negotiateOutput(undefined)).toBe('json');
    expect(negotiateOutput('')).toBe('json');
    expect(negotiateOutput('*/*')).toBe('json');
    expect(negotiateOutput('text/html, application/*')).toBe('json');
    expect(negotiateOutput('application/x-bcs-ish')).toBe('json');
  });

  it('takes exact application/json and application/x-bcs', () => {
    expect(negotiateOutput('application/json')).toBe('json');
    expect(negotiateOutput('application/x-bcs')).toBe('bcs');
    expect(negotiateOutput('Application/X-BCS')).toBe('bcs');
  });

  it('takes the first exact match in q order, stable for equal q', () => {
    expect(negotiateOutput('application/x-bcs, application/json')).toBe('bcs');
    expect(negotiateOutput('application/json, application/x-bcs')).toBe('json');
    expect(negotiateOutput('application/json;q=0.5, application/x-bcs')).toBe('bcs');
    expect(negotiateOutput('application/x-bcs;q=0.1, application/json;q=0.9')).toBe('json');
    expect(negotiateOutput('*/*, application/x-bcs;q=0.8')).toBe('bcs');
    expect(negotiateOutput('text/plain;q=1, application/x-bcs;q=0.2')).toBe('bcs');
  });

  it('ignores q=0 (not acceptable) entries and other parameters', () => {
    expect(negotiateOutput('application/x-bcs;q=0, application/json;q=0.1')).toBe('json');
    expect(negotiateOutput('application/x-bcs; charset=binary')).toBe('bcs');
  });

  it('lists media types in quality order', () => {
    expect(acceptedMediaTypes('a/b;q=0.2, c/d, e/f;q=0.5')).toEqual(['c/d', 'e/f', 'a/b']);
  });
});

describe('isJsonContentType', () => {
  it('accepts application/json with parameters and +json types', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/problem+json')).toBe(true);
  });
  it('refuses others and a missing header', () => {
    expect(isJsonContentType(null)).toBe(false);
    expect(isJsonContentType('text/plain')).toBe(false);
    expect(isJsonContentType('application/x-www-form-urlencoded')).toBe(false);
  });
});
