/**
 * The hashes a snapshot recomputes, checked against values of public mainnet: transaction 3556737308 (a fee-payer
 * transaction whose only event is a FeeStatement module event), the empty write set and the empty event list.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { parseTypeTag, writeTypeTag } from '../../shared/type-tag.ts';
import { ACCUMULATOR_PLACEHOLDER_HASH, eventRootHash, stateChangeHash } from '../../electron/snapshot/ledger-hashes.ts';
import { userTransactionHash } from '../../electron/snapshot/transaction-hash.ts';

const u64s = (values: readonly (number | bigint)[]): BcsWriter => {
  const writer = new BcsWriter();
  for (const value of values) writer.u64(value);
  return writer;
};

describe('ledger hashes', () => {
  it('match mainnet for an empty write set, no events, and a FeeStatement module event', () => {
    expect(bytesToHex(stateChangeHash([]))).toBe('0xafb6e14fe47d850fd0a7395bcfb997ffacf4715e0f895cc162c218e4a7564bc6');
    expect(bytesToHex(eventRootHash([]))).toBe(bytesToHex(ACCUMULATOR_PLACEHOLDER_HASH));
    expect(bytesToHex(ACCUMULATOR_PLACEHOLDER_HASH)).toBe(
      '0x414343554d554c41544f525f504c414345484f4c4445525f4841534800000000',
    );
    const fee = u64s([195, 130, 65, 0, 0]).toBytes();
    expect(
      bytesToHex(eventRootHash([{ address: null, typeTag: '0x1::transaction_fee::FeeStatement', data: fee }])),
    ).toBe('0x1c432ce28a587287ef8abf14f025b78f5e288e886f16f217919cd2e35274f5f3');
  });

  it('match mainnet for a fee-payer user transaction (v3556737308)', () => {
    const module = '0x31deb490728ae8e1a89675ee4c1877af8e5849c526d2c9a64238c49d8ece08a0';
    const payload = new BcsWriter().variantIndex(4).variantIndex(0).variantIndex(1);
    payload.address(parseAddress(module)).string('lesserafim_3').string('crazy');
    const types = [
      '0x1::aptos_coin::AptosCoin',
      '0x111ae3e5bc816a5e63c2da97d0aa3886519e0cd5e4b046659fa35796bd11542a::stapt_token::StakedApt',
      '0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDC',
      '0x159df6b7689437016108a019fd5bef736bac692b6d4a1f10c941f6fbb9a74ca6::oft::CakeOFT',
      '0x8d87a65ba30e09357fa2edea2c80dbac296e5dec2b18287113500b902942929d::celer_coin_manager::UsdcCoin',
      '0x1::aptos_coin::AptosCoin',
      'u64',
      'u64',
      'u64',
      'u64',
      'u64',
    ];
    payload.uleb128(types.length);
    for (const type of types) writeTypeTag(payload, parseTypeTag(type));
    const addresses = (list: readonly string[]): Uint8Array => {
      const writer = new BcsWriter().uleb128(list.length);
      for (const address of list) writer.address(parseAddress(address));
      return writer.toBytes();
    };
    const args = [
      new BcsWriter().bytes(hexToBytes('0x010f0a0101')).toBytes(),
      new BcsWriter().bytes(hexToBytes('0x01010101010000')).toBytes(),
      new BcsWriter()
        .uleb128(5)
        .fixedBytes(u64s([25, 10, 30, 25, 25]).toBytes())
        .toBytes(),
      addresses(Array.from({ length: 6 }, () => '0xa')),
      addresses(['0x1', '0x5669f388059383ab806e0dfce92196304205059874fd845944137d96bbdfc8de', '0x1', '0x1', '0x1']),
      new BcsWriter().uleb128(5).bool(false).bool(true).bool(false).bool(true).bool(false).toBytes(),
      u64s([28452012]).toBytes(),
    ];
    payload.uleb128(args.length);
    for (const arg of args) payload.bytes(arg);
    payload.variantIndex(0).u8(0).u8(0); // extra config V1: no multisig address, no nonce
    const hash = userTransactionHash({
      sender: parseAddress('0x95a0fd88b11286d4790c253b39c6678b798c54b54b63bfd2bfe042411ee2e3e8'),
      sequenceNumber: 1679n,
      payloadBcs: payload.toBytes(),
      maxGasAmount: 5000n,
      gasUnitPrice: 100n,
      expirationTimestampSecs: 1760341246n,
      chainId: 1,
      signature: {
        sender: {
          public_key: '0x1e9d94603ebd6b4a1d38e760be2b0523f09fb1f59e1e43c657f0ab3ef6205427',
          signature:
            '0x05f71501658fdc40b6f42f71d6c298a378434a5825af5bc0efcc15aba2aa3862' +
            '5064612139299f43ae40e710bad18ce0b9935dee00b705285a8f73318f06a301',
          type: 'ed25519_signature',
        },
        secondary_signer_addresses: [],
        secondary_signers: [],
        fee_payer_address: module,
        fee_payer_signer: {
          public_key: '0x17dfb6544cf49621c75af067528755a38061bdd210342f8bdf565bcdf561f056',
          signature:
            '0x7866a52d642e7442671d0614cf7b201a29bdbd8b709ea59462d32917c368f596' +
            'd771ab6592d1659952970cb277a35d536d0966a754c2cd610858f8c04eb93e08',
          type: 'ed25519_signature',
        },
        type: 'fee_payer_signature',
      },
    });
    expect(bytesToHex(hash ?? new Uint8Array(0))).toBe(
      '0x4c3248d4c2f3a5ca1617e43e69332c66586478871ee44634cdb4554fe537dff6',
    );
  });
});
