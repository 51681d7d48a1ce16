// express and compression ship no types of their own, and @types/express / @types/compression are
// not dependencies: scripts/server.mjs uses them as untyped modules and types what it reads of the
// request and response itself (its Request / Response typedefs). Delete this file once those
// @types packages are devDependencies.
declare module 'express'
declare module 'compression'
