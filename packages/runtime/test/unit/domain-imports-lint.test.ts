import path from 'node:path';
import { ESLint } from 'eslint';

/** The repository's own lint configuration, as `npx eslint` applies it. */
const eslint = new ESLint({ cwd: path.resolve(__dirname, '../../../..') });

const errorsOf = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('domain code stays free of I/O (eslint.config.mjs)', () => {
  it.each(['knex', 'pg', '@tapinti/ports/object-storage', 'kafkajs', 'express'])(
    'refuses an import of %s in a domain file',
    async (specifier) => {
      const code = `import * as io from '${specifier}';\nexport const used = io;\n`;
      expect(await errorsOf(code, 'services/x/src/domain/thing.ts')).toEqual([
        expect.stringContaining(specifier),
      ]);
    },
  );

  it('allows a database client outside domain/ (the store)', async () => {
    const code = `import type { Knex } from 'knex';\nexport type Db = Knex;\n`;
    expect(await errorsOf(code, 'services/x/src/store/thing.ts')).toEqual([]);
  });
});
