import { call, type Upstream } from './client.server'
import { periodList } from './paged.server'
import { toFormData, type FormFields } from '~/lib/form-data'
import { savedOf } from './normalize'
import { idSegment, multipartResource, type Id } from './resource.server'
import { detailPembelianSchema, pembelianSchema, sumHarga, type Pembelian, type PembelianInput } from './schemas/pembelian-ban'

export {
  detailPembelianSchema,
  pembelianLineSchema,
  pembelianSchema,
  sumHarga,
  type DetailPembelian,
  type Pembelian,
  type PembelianInput,
  type PembelianLine,
  type PembelianLineInput,
} from './schemas/pembelian-ban'

/**
 * The multipart body of a purchase: supplier_id, alamat, grand_total (the sum of the
 * lines when not given), tanggal_awal when given, and ban[i][no_seri|ukuran_id|kondisi_ban|merek_id|
 * typeban_id|harga].
 */
export function pembelianFormData(input: PembelianInput, options: { keepEmpty?: boolean } = {}): FormData {
  const grand = input.grand_total ?? sumHarga(input.ban)
  const fields: FormFields = {
    supplier_id: input.supplier_id,
    alamat: input.alamat,
    grand_total: grand,
    tanggal_awal: input.tanggal_awal,
    ban: input.ban.map((l) => ({
      no_seri: l.no_seri,
      ukuran_id: l.ukuran_id,
      kondisi_ban: l.kondisi_ban,
      merek_id: l.merek_id,
      typeban_id: l.typeban_id,
      harga: l.harga,
      tebal_tapak_awal: l.tebal_tapak_awal,
    })),
  }
  return toFormData(fields, options)
}

const body = (input: FormData | PembelianInput, keepEmpty: boolean) =>
  input instanceof FormData ? input : pembelianFormData(input, { keepEmpty })

const r = multipartResource('/api/pembelian-ban', pembelianSchema)

/** GET /api/pembelian-ban */
export const listPembelian = r.list

/** POST /api/pembelian-ban/add (multipart with ban[i][…]) */
export const createPembelian = async (up: Upstream, input: FormData | PembelianInput) =>
  call(up, 'POST', '/api/pembelian-ban/add', { schema: savedOf(pembelianSchema), form: body(input, false) })

/** POST /api/pembelian-ban/{id}/update (multipart with ban[i][…]; replaces the lines) */
export const updatePembelian = async (up: Upstream, pembelianId: Id, input: FormData | PembelianInput) =>
  call(up, 'POST', `/api/pembelian-ban/${idSegment(pembelianId)}/update`, {
    schema: savedOf(pembelianSchema),
    form: body(input, true),
  })

/** DELETE /api/pembelian-ban/{id} */
export const deletePembelian = r.remove

/** GET /api/detail-pembelian/{id} → {data: purchase, detail: tyres} (the invoice). */
export const getDetailPembelian = async (up: Upstream, pembelianId: Id) =>
  call(up, 'GET', `/api/detail-pembelian/${idSegment(pembelianId)}`, { schema: detailPembelianSchema })

/** One purchase with its tyres (from its invoice call): a dialog's record without reading the whole list. */
export const getPembelian = async (up: Upstream, pembelianId: Id): Promise<Pembelian> => {
  const { data, detail } = await getDetailPembelian(up, pembelianId)
  return { ...data, detail_ban: detail }
}

/** POST /api/inquery-pembelian/{id}/posting (JSON, empty object) */
export const postingPembelian = async (up: Upstream, pembelianId: Id) =>
  call(up, 'POST', `/api/inquery-pembelian/${idSegment(pembelianId)}/posting`, { schema: savedOf(pembelianSchema), json: {} })

/** POST /api/inquery-pembelian/{id}/unpost (JSON, empty object) */
export const unpostPembelian = async (up: Upstream, pembelianId: Id) =>
  call(up, 'POST', `/api/inquery-pembelian/${idSegment(pembelianId)}/unpost`, { schema: savedOf(pembelianSchema), json: {} })

const inqueryPembelian = periodList('/api/inquery-pembelian-ban', pembelianSchema)
const pembelianList = periodList('/api/pembelian-ban', pembelianSchema)

/** GET /api/inquery-pembelian-ban?tanggal_awal&tanggal_akhir&status; one page with the 'paged-lists' extension. */
export const listInqueryPembelian = inqueryPembelian.whole
export const listInqueryPembelianPage = inqueryPembelian.page
/** GET /api/pembelian-ban?page&per_page&q&sort&dir[&tanggal_awal&tanggal_akhir&status] (extension 'paged-lists') → one page. */
export const listPembelianPage = pembelianList.page
