import { describe, expect, it } from 'vitest'
import { documentInOrder } from '~/lib/document-order.server'

describe('documentInOrder (the document as the browser receives it)', () => {
  it('moves </body></html> after the scripts React writes after the document', () => {
    const html = documentInOrder([Buffer.from('<html><body><p>a</p></bo'), Buffer.from('dy></html><script>1</script>')])
    expect(html).toBe('<html><body><p>a</p><script>1</script></body></html>')
  })
  it('drops the NUL bytes React 18 leaves when a multi-byte character does not fit its buffer', () => {
    const dash = Buffer.from('—')
    const html = documentInOrder([Buffer.concat([Buffer.from('<html><body>A'), Buffer.from([0, 0])]), Buffer.concat([dash, Buffer.from('B</body></html>')])])
    expect(html).toBe('<html><body>A—B</body></html>')
  })
  it('keeps a multi-byte character split across two chunks', () => {
    const e = Buffer.from('é')
    const html = documentInOrder([Buffer.concat([Buffer.from('<html><body>'), e.subarray(0, 1)]), Buffer.concat([e.subarray(1), Buffer.from('</body></html>')])])
    expect(html).toBe('<html><body>é</body></html>')
  })
  it('leaves a document without the closing tags as it is', () => {
    expect(documentInOrder([Buffer.from('<p>x</p>')])).toBe('<p>x</p>')
  })
})
