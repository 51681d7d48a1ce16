import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { ack } from './normalize'
import { idSegment, type Id } from './resource.server'

// Import from a spreadsheet: an extension of the spec, offered with the 'impor' feature.

const refusalSchema = z.object({ baris: z.number(), kolom: z.string(), pesan: z.string() })

/** A staged batch: how many rows, how many are ready, every refused cell (row number, column, reason). */
export const imporBatchSchema = z.object({
  id: z.number(),
  jenis: z.string(),
  nama_file: z.string().nullable().optional(),
  total: z.number(),
  siap: z.number(),
  /** Rows neither ready nor refused (km readings: another of the vehicle that day, or one stored); absent from older upstreams. */
  dilewati: z.number().optional(),
  ditolak: z.array(refusalSchema),
  expires_at: z.string().nullable().optional(),
  disimpan: z.boolean(),
})
export type ImporBatch = z.infer<typeof imporBatchSchema>
export type ImporRefusal = z.infer<typeof refusalSchema>

const batchAnswer = z.object({ message: z.string().optional(), data: imporBatchSchema })

/**
 * The time budget of staging and of saving a batch: checking or writing 10,000 rows takes the
 * upstream seconds, longer still while other imports run, past the budget of an ordinary call
 * (UPSTREAM_TIMEOUT_MS, 10 s).
 */
export const IMPOR_TIMEOUT_MS = 60_000

/** POST /api/impor/{jenis} {nama_file, rows} → 201 {data: batch}: checks the rows and stages them. */
export const stageImpor = async (up: Upstream, jenis: string, namaFile: string, rows: readonly Record<string, unknown>[]) =>
  (
    await call(up, 'POST', `/api/impor/${jenis}`, {
      schema: batchAnswer,
      json: { nama_file: namaFile, rows },
      timeoutMs: IMPOR_TIMEOUT_MS,
    })
  ).data

/** GET /api/impor/{jenis}/{id} → the staged batch (404: not the caller's, or expired). */
export const getImpor = async (up: Upstream, jenis: string, id: Id) =>
  (await call(up, 'GET', `/api/impor/${jenis}/${idSegment(id)}`, { schema: batchAnswer })).data

/** POST /api/impor/{jenis}/{id}/simpan → {message, data}; 422 when a row is refused now (nothing saved); 409 when saved already. */
export const simpanImpor = async (up: Upstream, jenis: string, id: Id) =>
  call(up, 'POST', `/api/impor/${jenis}/${idSegment(id)}/simpan`, { schema: batchAnswer, json: {}, timeoutMs: IMPOR_TIMEOUT_MS })

/** DELETE /api/impor/{jenis}/{id}: drops an unsaved batch ('Batalkan'); 409 when saved. */
export const batalImpor = async (up: Upstream, jenis: string, id: Id) =>
  call(up, 'DELETE', `/api/impor/${jenis}/${idSegment(id)}`, { schema: ack })

const refusedRowSchema = z.object({
  baris: z.number(),
  cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  alasan: z.array(z.string()),
})
export type ImporRefusedRow = z.infer<typeof refusedRowSchema>

/** GET /api/impor/{jenis}/{id}/ditolak → the refused rows as they were sent, each with its reasons (404 as getImpor). */
export const getImporDitolak = async (up: Upstream, jenis: string, id: Id) =>
  (await call(up, 'GET', `/api/impor/${jenis}/${idSegment(id)}/ditolak`, { schema: z.object({ data: z.array(refusedRowSchema) }) })).data
