// The preload of the sandboxed window: exposes the typed API (src/ipc.ts `DesktopApi`) as
// `window.invoiceReader` and nothing else. A sandboxed preload is CommonJS and can load only
// `electron`, so the channel names are repeated here (they match CHANNEL_* in src/ipc.ts).
import type { CoreMethod, DesktopApi, JobView } from '../ipc.js';

import electron = require('electron');

const { contextBridge, ipcRenderer } = electron;

const METHODS: CoreMethod[] = [
  'listJobs',
  'getJob',
  'editFields',
  'addFile',
  'reparse',
  'deleteJob',
  'countries',
  'getSettings',
  'setSettings',
  'syncStatus',
  'startSignIn',
  'finishSignIn',
  'finishSignInWithPin',
  'startDeviceSignIn',
  'pollDeviceSignIn',
  'signOut',
  'syncNow',
  'pagePicture',
  'exportLedger',
  'exportInvoice',
  'getLedgerSettings',
  'setLedgerSettings',
  'getCompanyProfile',
  'setCompanyProfile',
];

const api = Object.fromEntries(
  METHODS.map((m) => [m, (...args: unknown[]) => ipcRenderer.invoke('core:call', m, args)]),
) as Omit<DesktopApi, 'chooseFolder' | 'openExternal' | 'openDataFolder' | 'onJob'>;

const desktopApi: DesktopApi = {
  ...api,
  chooseFolder: () => ipcRenderer.invoke('app:choose-folder'),
  openExternal: (url: string) => ipcRenderer.invoke('app:open-external', url),
  openDataFolder: () => ipcRenderer.invoke('app:open-data-folder'),
  onJob(listener: (job: JobView) => void) {
    const handler = (_e: unknown, job: JobView) => listener(job);
    ipcRenderer.on('core:job', handler);
    return () => {
      ipcRenderer.removeListener('core:job', handler);
    };
  },
};

contextBridge.exposeInMainWorld('invoiceReader', desktopApi);
