import { readFile, readdir } from 'node:fs/promises'

export interface GroupProcess {
  pid: number
  /** The command name, as /proc/<pid>/stat gives it. */
  name: string
}

/** The processes of a process group, from /proc (Linux): npm start runs detached in the tests and the bench, so its group is its own. */
export async function processesInGroup(group: number): Promise<GroupProcess[]> {
  const processes: GroupProcess[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null)
    if (stat === null) continue
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(')')
    if (Number(stat.slice(close + 2).split(' ')[2]) === group) processes.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) })
  }
  return processes
}
