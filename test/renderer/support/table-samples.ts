/**
 * The tables the `main` fixture samples in its snapshot info (handle, types, some keys as JSON and
 * as BCS hex), for the table and inspector tests.
 */
import { expect } from 'vitest';
import type { TableSample } from '../../../electron/snapshot/snapshot-info.ts';
import { serviceFixture } from './service-fetch.ts';

export type { TableSample };

/** Every sampled table of the main fixture. */
export function tableSamples(): readonly TableSample[] {
  return serviceFixture('main').info.samples.tables;
}

/** The first sampled table `test` accepts; fails the test when there is none. */
export function sampleWhere(test: (sample: TableSample) => boolean): TableSample {
  const sample = tableSamples().find(test);
  expect(sample).toBeDefined();
  return sample!;
}
