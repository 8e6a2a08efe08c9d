import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where original document files (HTML, PDF attachments) are kept: files on local disk under
 * `<CAIRN_DATA_DIR>/files` (DESIGN.md "object storage"). Files are content-addressed per organisation
 * (`<organisation>/<sha256>`), so storing the same attachment twice keeps one file and a key never
 * changes meaning.
 */
export interface FileStore {
  /** Stores the bytes and answers their key. */
  put(organisationId: string, bytes: Uint8Array): Promise<string>;
  /** The bytes under the key, or `undefined` when there is no such file for that organisation. */
  get(organisationId: string, key: string): Promise<Buffer | undefined>;
}

const KEY = /^[0-9a-f]{64}$/;
const ORGANISATION = /^[0-9a-f-]{36}$/;

export function createFileStore(rootDir: string): FileStore {
  const pathOf = (organisationId: string, key: string): string => {
    // Both parts are checked, so a key can never name a file outside the store.
    if (!ORGANISATION.test(organisationId) || !KEY.test(key)) throw new Error('invalid file key');
    return join(rootDir, organisationId, key.slice(0, 2), key);
  };
  return {
    async put(organisationId, bytes) {
      const key = createHash('sha256').update(bytes).digest('hex');
      const path = pathOf(organisationId, key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file.
      // A name of its own per write: two writes of the same bytes at once must not share a temporary file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
      return key;
    },
    async get(organisationId, key) {
      if (!KEY.test(key)) return undefined;
      try {
        return await readFile(pathOf(organisationId, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** The store of a configuration: `<dataDir>/files`. */
export function fileStoreFor(config: { dataDir: string }): FileStore {
  return createFileStore(join(config.dataDir, 'files'));
}
