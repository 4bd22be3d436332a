/**
 * The byte format of a writer batch (writer-batch.ts writes it, writer-batch-replay.ts reads it): each call starts
 * with its operation code; numbers travel as float64, timestamps as int64, text as UTF-8, bytes with their length,
 * and a length of 0xffffffff is null.
 */
import type { TransactionRow } from './snapshot-rows.ts';

/** The operation code that starts each call in a batch. */
export const Op = {
  State: 1,
  Transaction: 2,
  Event: 3,
  ModuleEvent: 4,
  Block: 5,
  Module: 6,
  TableInfo: 7,
  Account: 8,
} as const;

/** The length that stands for null. */
export const NULL_LENGTH = 0xffffffff;
/** Transaction kinds by their code in a batch. */
export const KINDS: readonly TransactionRow['kind'][] = [
  'genesis',
  'block_metadata',
  'user',
  'state_checkpoint',
  'block_epilogue',
];
