import { describe, expect, it } from 'vitest'
import { closeDocumentLast } from '~/lib/document-order.server'

async function run(chunks: Buffer[]): Promise<string> {
  const t = closeDocumentLast()
  const out: string[] = []
  t.on('data', (d: Buffer | string) => out.push(String(d)))
  const done = new Promise((r) => t.on('end', r))
  for (const c of chunks) t.write(c)
  t.end()
  await done
  return out.join('')
}

describe('closeDocumentLast (the document as the browser receives it)', () => {
  it('moves </body></html> after the scripts React writes after the document', async () => {
    const html = await run([Buffer.from('<html><body><p>a</p></bo'), Buffer.from('dy></html><script>1</script>')])
    expect(html).toBe('<html><body><p>a</p><script>1</script></body></html>')
  })
  it('drops the NUL bytes React 18 leaves when a multi-byte character does not fit its buffer', async () => {
    const dash = Buffer.from('—')
    const html = await run([Buffer.concat([Buffer.from('<html><body>A'), Buffer.from([0, 0])]), Buffer.concat([dash, Buffer.from('B</body></html>')])])
    expect(html).toBe('<html><body>A—B</body></html>')
  })
  it('keeps a multi-byte character split across two chunks', async () => {
    const e = Buffer.from('é')
    const html = await run([Buffer.concat([Buffer.from('<html><body>'), e.subarray(0, 1)]), Buffer.concat([e.subarray(1), Buffer.from('</body></html>')])])
    expect(html).toBe('<html><body>é</body></html>')
  })
})
