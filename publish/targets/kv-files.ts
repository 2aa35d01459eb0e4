import { createHash, createHmac, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { BlobValue, PublishTarget } from '../target.ts'

/** Local KV written as files, while no workerd has them open; `close` before one does. */
export interface KvFiles extends PublishTarget {
  close(): void
}

// Miniflare keeps each KV namespace in a SQLite-backed Durable Object (a row
// per key, naming a blob file that holds the value), named after the
// namespace's id. Through a binding each put is a round trip into that object
// (about 1 ms, one at a time, measured); written here in bulk the same rows
// and files cost a few seconds for 33,000 values. The layout is Miniflare's:
// test/publish/kv-files.test.ts has Miniflare read what this writes, so an
// upgrade that changes it fails there.
const OBJECT_UNIQUE_KEY = 'miniflare-KVNamespaceObject'

/** The file name workerd gives the Durable Object `idFromName(name)` of a class with this unique key. */
function durableObjectIdFromName(uniqueKey: string, name: string): string {
  const key = createHash('sha256').update(uniqueKey).digest()
  const base = createHmac('sha256', key).update(name).digest().subarray(0, 16)
  const mac = createHmac('sha256', key).update(base).digest().subarray(0, 16)
  return Buffer.concat([base, mac]).toString('hex')
}

/** Where the namespace's rows live under a `kvPersist` folder. */
export function kvDatabasePath(kvDir: string, namespaceId: string): string {
  return join(kvDir, OBJECT_UNIQUE_KEY, `${durableObjectIdFromName(OBJECT_UNIQUE_KEY, namespaceId)}.sqlite`)
}

/** As Miniflare's blob store names blobs: 32 random bytes, then the time in milliseconds. */
function newBlobId(): string {
  const id = Buffer.alloc(40)
  randomBytes(32).copy(id)
  id.writeBigInt64BE(BigInt(Math.floor(performance.timeOrigin + performance.now())), 32)
  return id.toString('hex')
}

/** The namespace's open database, its blob folder and the statements every write goes through. */
interface KvStore {
  db: DatabaseSync
  blobs: string
  blobIdOf: StatementSync
  keysFrom: StatementSync
  put: StatementSync
  remove: StatementSync
}

/**
 * Opens the namespace's files for writing; the database must exist (Miniflare
 * creates it the first time the namespace is used).
 */
export function openKvFiles(kvDir: string, namespaceId: string): KvFiles {
  const store = openKvStore(kvDir, namespaceId)
  return kvTarget(store, rowWriter(store))
}

/** The namespace's database and blob folder, checked and opened. */
function openKvStore(kvDir: string, namespaceId: string): KvStore {
  if (!/^[\w-]+$/.test(namespaceId)) throw new Error(`KV namespace id ${namespaceId} is not a plain name`)
  const databasePath = kvDatabasePath(kvDir, namespaceId)
  if (!existsSync(databasePath)) throw new Error(`no local KV database at ${databasePath}`)
  const blobs = join(kvDir, namespaceId, 'blobs')
  mkdirSync(blobs, { recursive: true })
  const db = new DatabaseSync(databasePath)
  // workerd opens it in WAL mode; without fsync at every commit, a crash loses at most the last writes, which the next start redoes.
  db.exec('PRAGMA synchronous = NORMAL')
  return {
    db,
    blobs,
    blobIdOf: db.prepare('SELECT blob_id FROM _mf_entries WHERE key = ?'),
    keysFrom: db.prepare('SELECT key FROM _mf_entries WHERE key >= ? ORDER BY key'),
    put: db.prepare('INSERT OR REPLACE INTO _mf_entries (key, blob_id, expiration, metadata) VALUES (?, ?, NULL, NULL)'),
    remove: db.prepare('DELETE FROM _mf_entries WHERE key = ?'),
  }
}

/** Changes to the rows, each in one transaction, deleting the blob files they replace or remove. */
function rowWriter({ db, blobs, blobIdOf, put }: KvStore) {
  /** Runs `change` in one transaction and returns the blob ids it replaced or removed. */
  const inTransaction = (keys: string[], change: () => void): string[] => {
    db.exec('BEGIN')
    try {
      const replaced = keys.flatMap((key) => {
        const row = blobIdOf.get(key) as { blob_id: string } | undefined
        return row ? [row.blob_id] : []
      })
      change()
      db.exec('COMMIT')
      return replaced
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  }
  const unlinkAll = (ids: string[]) => Promise.all(ids.map((id) => unlink(join(blobs, id)).catch(() => undefined)))
  return {
    /** Rows for blob files already written, in one transaction; the blobs they replace are deleted. */
    commitRows: (written: Array<{ key: string; id: string }>) =>
      unlinkAll(
        inTransaction(
          written.map(({ key }) => key),
          () => {
            for (const { key, id } of written) put.run(key, id)
          },
        ),
      ),
    /** Runs `change` in one transaction, then deletes the blobs it replaced or removed. */
    change: (keys: string[], change: () => void) => unlinkAll(inTransaction(keys, change)),
  }
}

/** The publish target over the opened store. */
function kvTarget({ db, blobs, blobIdOf, keysFrom, remove }: KvStore, rows: ReturnType<typeof rowWriter>): KvFiles {
  return {
    async get(key) {
      const row = blobIdOf.get(key) as { blob_id: string } | undefined
      return row ? readFile(join(blobs, row.blob_id), 'utf8') : null
    },
    async list(prefix) {
      const keys: string[] = []
      for (const row of keysFrom.iterate(prefix) as Iterable<{ key: string }>) {
        if (!row.key.startsWith(prefix)) break
        keys.push(row.key)
      }
      return keys
    },
    async putMany(entries: Array<{ key: string; value: BlobValue }>) {
      // The files first: a row never names a blob that is not there yet.
      const written = await Promise.all(
        entries.map(async ({ key, value }) => {
          const id = newBlobId()
          await writeFile(join(blobs, id), value)
          return { key, id }
        }),
      )
      await rows.commitRows(written)
    },
    putManyNow(entries) {
      void rows.commitRows(
        entries.map(({ key, value }) => {
          const id = newBlobId()
          writeFileSync(join(blobs, id), value)
          return { key, id }
        }),
      )
    },
    async deleteMany(keys) {
      await rows.change(keys, () =>
        keys.forEach((key) => {
          remove.run(key)
        }),
      )
    },
    close: () => db.close(),
  }
}
