/**
 * The transaction page's plain rules: what `/txn/:id` names, kind names (unknown kinds by their type),
 * the fee, replay protection (an orderless transaction's nonce, never u64::MAX), the signers of each
 * signature shape, the parameters arguments are given for, and times to the microsecond.
 */
import { describe, expect, it } from 'vitest';
import {
  argumentParameters,
  feeOf,
  formatSecs,
  formatUsecExact,
  isModuleEvent,
  kindName,
  parseTransactionId,
  replayProtectionOf,
  signersOf,
  splitFunctionId,
} from '../../../renderer/features/transaction/transaction-facts.ts';
import type { CommittedTransaction, UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { mainnetUserTransaction } from '../../support/wire-transactions.ts';

const MAINNET = mainnetUserTransaction();
const txn = (fields: Partial<UserTransaction>): UserTransaction => ({ ...MAINNET, ...fields });
const HASH = `0x${'0'.repeat(64)}`;
const CHECKPOINT: CommittedTransaction = {
  type: 'state_checkpoint_transaction',
  version: '1',
  hash: HASH,
  state_change_hash: HASH,
  event_root_hash: HASH,
  state_checkpoint_hash: HASH,
  gas_used: '0',
  success: true,
  vm_status: 'Executed successfully',
  accumulator_root_hash: HASH,
  changes: [],
  timestamp: '1',
};

describe('transaction facts', () => {
  it('reads a version (canonical, at most u64::MAX), a hash (lower-cased), or neither', () => {
    expect(parseTransactionId('007')).toEqual({ kind: 'version', version: '7' });
    expect(parseTransactionId('18446744073709551615')).toEqual({ kind: 'version', version: '18446744073709551615' });
    expect(parseTransactionId('18446744073709551616').kind).toBe('invalid');
    expect(parseTransactionId(`0x${'AB'.repeat(32)}`)).toEqual({ kind: 'hash', hash: `0x${'ab'.repeat(32)}` });
    expect(parseTransactionId(`0x${'ab'.repeat(31)}`).kind).toBe('invalid');
    expect(parseTransactionId('-1').kind).toBe('invalid');
    expect(parseTransactionId('').kind).toBe('invalid');
  });

  it('names every known kind and shows an unknown one by its type', () => {
    expect(kindName('block_epilogue_transaction')).toBe('Block epilogue');
    expect(kindName('genesis_transaction')).toBe('Genesis');
    expect(kindName('validator_transaction')).toBe('Validator transaction');
    expect(kindName('state_checkpoint_transaction')).toBe('State checkpoint');
    expect(kindName('encrypted_transaction')).toBe('encrypted_transaction');
  });

  it('computes the fee exactly past 2^53 and the most the sender allowed', () => {
    const fee = feeOf(txn({ gas_used: '9007199254740993', gas_unit_price: '100', max_gas_amount: '200000' }));
    expect(fee?.octas).toBe(900719925474099300n);
    expect(fee?.maxOctas).toBe(20_000_000n);
    expect(feeOf(CHECKPOINT)).toBeUndefined();
  });

  it('shows an orderless transaction by its nonce and never u64::MAX as a sequence number', () => {
    expect(replayProtectionOf(txn({ sequence_number: '18446744073709551615', replay_protection_nonce: '42' }))).toEqual(
      { kind: 'nonce', value: '42' },
    );
    expect(replayProtectionOf(txn({ sequence_number: '7', replay_protection_nonce: null }))).toEqual({
      kind: 'sequence_number',
      value: '7',
    });
    expect(replayProtectionOf(txn({ sequence_number: '18446744073709551615' }))).toBeUndefined();
  });

  it('names the signers of fee-payer, multi-agent and single-sender signatures', () => {
    expect(
      signersOf({
        type: 'fee_payer_signature',
        secondary_signer_addresses: ['0x2'],
        fee_payer_address: '0x3',
      }),
    ).toEqual({ kind: 'Fee payer', feePayer: '0x3', secondarySigners: ['0x2'] });
    expect(signersOf({ type: 'single_sender', public_key: { value: '0x01', type: 'keyless' } })?.kind).toBe(
      'Single sender (keyless)',
    );
    expect(signersOf({ type: 'abstract_signature' })).toEqual({
      kind: 'abstract_signature',
      feePayer: undefined,
      secondarySigners: [],
    });
    expect(signersOf(undefined)).toBeUndefined();
  });

  it('drops only the leading signers from the parameters, and splits function ids', () => {
    expect(argumentParameters(['&signer', 'signer', 'address', 'u64'])).toEqual(['address', 'u64']);
    expect(argumentParameters(['u64', '&signer'])).toEqual(['u64', '&signer']);
    expect(splitFunctionId('0x1::coin::transfer')).toEqual({ address: '0x1', module: 'coin', name: 'transfer' });
    expect(splitFunctionId('0x1::coin')).toBeUndefined();
  });

  it('formats times to the microsecond (UTC) and tells module events by their dummy guid', () => {
    expect(formatUsecExact('1717200130839790')).toBe('2024-06-01 00:02:10.839790 UTC');
    expect(formatUsecExact('5')).toBe('1970-01-01 00:00:00.000005 UTC');
    expect(formatSecs('1717200730')).toBe('2024-06-01 00:12:10 UTC');
    expect(isModuleEvent({ guid: { creation_number: '0', account_address: '0x0' } })).toBe(true);
    expect(isModuleEvent({ guid: { creation_number: '0', account_address: '0x1' } })).toBe(false);
    expect(isModuleEvent({ guid: { creation_number: '3', account_address: '0x0' } })).toBe(false);
  });
});
