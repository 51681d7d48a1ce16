import { data } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FormRefusal, saveDialogForm } from '~/server/crud.server'

const schema = z.object({ nama: z.string().min(1) })
const post = () =>
  new Request('http://app.test/admin/departemen/tambah', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'nama=Gudang',
  })

describe('saveDialogForm', () => {
  it("passes a page the save threw on purpose (Remix's data(): 404, 409) through untouched", async () => {
    const gone = data({ message: 'Kendaraan tidak ditemukan.' }, { status: 404 })
    await expect(
      saveDialogForm(post(), {
        schema,
        successMessage: 'ok',
        save: async () => {
          throw gone
        },
      }),
    ).rejects.toBe(gone)
  })

  it('shows a FormRefusal above the form with its status, the typed values kept', async () => {
    const answer = (await saveDialogForm(post(), {
      schema,
      successMessage: 'ok',
      save: async () => {
        throw new FormRefusal(409, 'Posisi ban 1A sudah terisi ban lain.')
      },
    })) as unknown as {
      init: { status: number }
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    }
    expect(answer.init.status).toBe(409)
    expect(answer.data.result.error['']).toEqual(['Posisi ban 1A sudah terisi ban lain.'])
    expect(answer.data.result.initialValue.nama).toBe('Gudang')
  })
})
