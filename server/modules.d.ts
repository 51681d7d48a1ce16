// compression ships no types and @types/compression is not a dependency: what server/index.ts uses of it.
declare module 'compression' {
  import type { RequestHandler } from 'express'
  export default function compression(): RequestHandler
}
