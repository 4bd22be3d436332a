/**
 * The Move source the sample's own package (`registry` at 0xcafe, app-abis.ts) publishes in its
 * `0x1::code::PackageRegistry` entry (gzip-compressed, as the Aptos CLI publishes it), so the explorer's Modules tab
 * has a published source to show beside the ABI. It declares exactly the ABI's structs and functions.
 */

/** `0xcafe::registry`'s source text. */
export const REGISTRY_SOURCE = `module 0xcafe::registry {
    use std::option::{Self, Option};
    use std::signer;
    use std::string::String;
    use aptos_framework::event::{Self, EventHandle};
    use aptos_framework::object::Object;
    use aptos_std::table::{Self, Table};

    /// The caller is not the registry's admin.
    const ENOT_ADMIN: u64 = 1;
    /// No record with this id.
    const ENO_RECORD: u64 = 2;

    struct Registry has key {
        by_id: Table<u64, Record>,
        by_owner: Table<address, u64>,
        by_name: Table<String, Record>,
        by_hash: Table<vector<u8>, vector<u64>>,
        by_slot: Table<SlotKey, Status>,
        record_count: u64,
        admin: address,
        record_events: EventHandle<RecordEvent>,
    }

    struct Record has copy, drop, store {
        id: u64,
        owner: address,
        name: String,
        tags: vector<String>,
        metadata: Metadata,
        parent: Option<u64>,
        badge: Object<Badge>,
        status: Status,
        scores: vector<u128>,
        created_at: u64,
    }

    struct Metadata has copy, drop, store {
        kind: u8,
        flags: vector<bool>,
        note: Option<String>,
        limits: Limits,
    }

    struct Limits has copy, drop, store {
        min: u32,
        max: u256,
        ratio: u16,
    }

    struct Badge has key {
        level: u8,
    }

    struct SlotKey has copy, drop, store {
        owner: address,
        slot: u64,
    }

    enum Status has copy, drop, store {
        Active { since: u64 },
        Suspended { reason: String, until: Option<u64> },
        Closed,
    }

    #[event]
    struct RecordEvent has drop, store {
        id: u64,
        action: u8,
        owner: address,
    }

    fun init_module(publisher: &signer) {
        move_to(publisher, Registry {
            by_id: table::new(),
            by_owner: table::new(),
            by_name: table::new(),
            by_hash: table::new(),
            by_slot: table::new(),
            record_count: 0,
            admin: signer::address_of(publisher),
            record_events: aptos_framework::account::new_event_handle<RecordEvent>(publisher),
        });
    }

    /// Registers a record named \`name\` owned by the caller.
    public entry fun create(owner: &signer, name: String, tags: vector<String>) acquires Registry {
        let registry = borrow_global_mut<Registry>(@0xcafe);
        let id = registry.record_count;
        registry.record_count = id + 1;
        let owner_address = signer::address_of(owner);
        table::upsert(&mut registry.by_owner, owner_address, id);
        event::emit_event(&mut registry.record_events, RecordEvent { id, action: 0, owner: owner_address });
        let _ = name;
        let _ = tags;
    }

    /// Sets the metadata kind of record \`id\`.
    public entry fun update(owner: &signer, id: u64, kind: u8) acquires Registry {
        let registry = borrow_global_mut<Registry>(@0xcafe);
        assert!(table::contains(&registry.by_id, id), ENO_RECORD);
        let record = table::borrow_mut(&mut registry.by_id, id);
        record.metadata.kind = kind;
        event::emit_event(&mut registry.record_events, RecordEvent { id, action: 1, owner: signer::address_of(owner) });
    }

    /// Removes record \`id\` (the admin only).
    public entry fun remove(admin: &signer, id: u64) acquires Registry {
        let registry = borrow_global_mut<Registry>(@0xcafe);
        assert!(signer::address_of(admin) == registry.admin, ENOT_ADMIN);
        let record = table::remove(&mut registry.by_id, id);
        event::emit_event(&mut registry.record_events, RecordEvent { id, action: 2, owner: record.owner });
        let _ = option::is_some(&record.parent);
    }

    #[view]
    /// How many records were ever created.
    public fun record_count(): u64 acquires Registry {
        borrow_global<Registry>(@0xcafe).record_count
    }
}
`;
