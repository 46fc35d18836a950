// The Electron main process. It only wires things: one window, a tray icon, the core in a utility
// process, and the IPC relay between them (ARCHITECTURE.md: watching, reading and syncing never
// run here). The window is sandboxed, isolated and without Node, under a strict CSP.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, session, shell, Tray } from 'electron';
import {
  CHANNEL_CALL,
  CHANNEL_CHOOSE_FOLDER,
  CHANNEL_JOB,
  CHANNEL_OPEN_DATA_FOLDER,
  CHANNEL_OPEN_EXTERNAL,
  CORE_METHODS,
  type CoreMethod,
  isWebAddress,
} from '../ipc.js';
import { CoreHost } from './core-host.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const appRoot = path.resolve(here, '../..');
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'none'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

let win: BrowserWindow | null = null;
let tray: Tray | null = null;

// One instance: a second start shows the first window instead of a second watcher on the folders.
if (!app.requestSingleInstanceLock()) app.quit();

// Packaged, the OCR models sit beside the app (electron-builder.yml `extraResources`), not in a
// repository checkout where the engine looks for them otherwise.
const coreEnv = app.isPackaged
  ? { ...process.env, INVOICE_MODELS_DIR: path.join(process.resourcesPath, 'models') }
  : undefined;
const core = new CoreHost(
  path.join(here, '../utility/core-process.js'),
  app.getPath('userData'),
  (job) => win?.webContents.send(CHANNEL_JOB, job),
  coreEnv,
);

function createWindow(): BrowserWindow {
  const w = new BrowserWindow({
    width: 1200,
    height: 800,
    show: false,
    webPreferences: {
      preload: path.join(here, '../preload/preload.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
    },
  });
  // Nothing the page links to opens inside the app: no navigation, no new windows.
  w.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  w.webContents.on('will-navigate', (e) => e.preventDefault());
  w.once('ready-to-show', () => w.show());
  // The renderer as Vite built it (npm run build): the shared screens bundled, no dev server.
  void w.loadFile(path.join(appRoot, 'dist/renderer-app/index.html'));
  // Closing the window keeps watching in the tray; Quit in the tray menu ends the app.
  w.on('close', (e) => {
    if (!quitting) {
      e.preventDefault();
      w.hide();
    }
  });
  return w;
}

let quitting = false;

function createTray(): Tray {
  const t = new Tray(nativeImage.createEmpty());
  t.setToolTip('Invoice Reader');
  t.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Open', click: () => win?.show() },
      { label: 'Sync now', click: () => void core.call('syncNow', []).catch(() => {}) },
      { type: 'separator' },
      { label: 'Quit', click: () => app.quit() },
    ]),
  );
  t.on('click', () => win?.show());
  return t;
}

app.on('second-instance', () => win?.show());
app.on('before-quit', () => {
  quitting = true;
  core.stop();
});
app.on('window-all-closed', () => {
  // The tray keeps the app (and the watcher) running.
});

app.whenReady().then(() => {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  // The renderer asks for nothing else: no camera, no notifications, no geolocation.
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, callback) => callback(false));

  ipcMain.handle(CHANNEL_CALL, (_e, method: unknown, args: unknown) => {
    if (!CORE_METHODS.includes(method as CoreMethod) || !Array.isArray(args))
      throw new Error('unknown core method');
    return core.call(method as CoreMethod, args);
  });
  ipcMain.handle(CHANNEL_CHOOSE_FOLDER, async () => {
    const picked = await dialog.showOpenDialog({ properties: ['openDirectory', 'createDirectory'] });
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  });

  // The device sign-in's page opens in the person's browser (where their web session is), never here.
  ipcMain.handle(CHANNEL_OPEN_EXTERNAL, async (_e, url: unknown) => {
    if (!isWebAddress(url)) throw new Error('only http(s) addresses are opened');
    await shell.openExternal(url);
  });
  ipcMain.handle(CHANNEL_OPEN_DATA_FOLDER, async () => {
    const failed = await shell.openPath(app.getPath('userData'));
    if (failed) throw new Error(failed);
  });

  core.start();
  win = createWindow();
  tray = createTray();
  void tray;
});
