import { describe, expect, it } from 'vitest'
import { documentInOrder } from '~/server/document-order.server'

/** The text that comes out when `chunks` are streamed through documentInOrder(). */
async function inOrder(chunks: Buffer[]): Promise<string> {
  const stream = documentInOrder()
  const out: Buffer[] = []
  stream.on('data', (c: Buffer) => out.push(c))
  const done = new Promise((resolve) => stream.on('end', resolve))
  for (const c of chunks) stream.write(c)
  stream.end()
  await done
  return Buffer.concat(out).toString('utf8')
}

describe('documentInOrder (the document as the browser receives it, streamed)', () => {
  it('moves </body></html> after the scripts React writes after the document', async () => {
    const html = await inOrder([Buffer.from('<html><body><p>a</p></bo'), Buffer.from('dy></html><script>1</script>')])
    expect(html).toBe('<html><body><p>a</p><script>1</script></body></html>')
  })
  it('moves the closing tags when they arrive byte by byte', async () => {
    const text = '<html><body><p>a</p></body></html><script>1</script>'
    expect(await inOrder([...Buffer.from(text)].map((b) => Buffer.from([b])))).toBe('<html><body><p>a</p><script>1</script></body></html>')
  })
  it('sends what React wrote as one chunk when React flushes (its end of a batch), all but what could begin the closing tags', async () => {
    const stream = documentInOrder()
    const out: Buffer[] = []
    stream.on('data', (c: Buffer) => out.push(c))
    stream.write(Buffer.from('<html><body><p>a long shell '))
    stream.write(Buffer.from('that the browser can paint</p>'))
    await new Promise((r) => setImmediate(r))
    expect(out).toHaveLength(0)
    stream.flush()
    await new Promise((r) => setImmediate(r))
    expect(out.map(String)).toEqual(['<html><body><p>a long shell that the browser '])
  })
  it('drops the NUL bytes React 18 leaves when a multi-byte character does not fit its buffer', async () => {
    const dash = Buffer.from('—')
    const html = await inOrder([
      Buffer.concat([Buffer.from('<html><body>A'), Buffer.from([0, 0])]),
      Buffer.concat([dash, Buffer.from('B</body></html>')]),
    ])
    expect(html).toBe('<html><body>A—B</body></html>')
  })
  it('keeps a multi-byte character split across two chunks', async () => {
    const e = Buffer.from('é')
    const html = await inOrder([
      Buffer.concat([Buffer.from('<html><body>'), e.subarray(0, 1)]),
      Buffer.concat([e.subarray(1), Buffer.from('</body></html>')]),
    ])
    expect(html).toBe('<html><body>é</body></html>')
  })
  it('leaves a document without the closing tags as it is', async () => {
    expect(await inOrder([Buffer.from('<p>x</p>')])).toBe('<p>x</p>')
  })
})
