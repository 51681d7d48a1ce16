import { spawn, type SpawnOptions } from 'node:child_process'

export type ProcessResult = { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/**
 * Runs a command to its end and gives its exit status and output, as spawnSync does, without
 * blocking the test worker's event loop while it runs: a worker blocked for a minute (a seed started
 * with tsx on a loaded machine) missed Vitest's own messages and the run failed with "Timeout calling
 * onTaskUpdate". After `timeoutMs` the command is killed (signal SIGTERM, status null).
 */
export function runProcess(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'stdio'> & { timeoutMs?: number } = {},
): Promise<ProcessResult> {
  const { timeoutMs = 60_000, ...spawnOptions } = options
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (status, signal) => {
      clearTimeout(timer)
      resolve({ status, signal, stdout, stderr })
    })
  })
}
