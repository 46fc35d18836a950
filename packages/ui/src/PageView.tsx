// The page viewer of the review screen: the invoice's page large, zoomed (buttons, Ctrl+wheel, +
// and - on the focused picture), fitted to the width or the whole page, moved by dragging or
// scrolling, with thumbnails of the pages of a longer file. Each field's box is drawn where its
// value was seen (in fractions of the page, so it stays on its place at every zoom); hovering a
// box marks its field and a field marks its box; clicking a box goes to its field. The boxes are
// listed in text beside it for people who cannot see them.
import { ActionIcon, Button } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bboxToPixels, fieldsOnPage } from './bbox.js';
import { useInvoiceUi } from './context.js';
import type { FieldDetail } from './data.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { nextZoom, pictureWidth } from './zoom.js';

interface Props {
  jobId: number;
  pages: number;
  page: number;
  onPage: (n: number) => void;
  name: string;
  fields: FieldDetail[];
  active: string | null;
  hovered: string | null;
  onHover: (key: string | null) => void;
  onPick: (key: string) => void;
}

/** A page's picture from the host: an address now, or later (fetched over IPC), or none. */
function usePicture(jobId: number, page: number, width: number | undefined): string | null | undefined {
  const { data } = useInvoiceUi();
  const [src, setSrc] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const answer = data.pageImageUrl(jobId, page, width);
    if (typeof answer === 'string' || answer === null) setSrc(answer);
    else
      answer.then(
        (url) => current && setSrc(url),
        () => current && setSrc(null),
      );
    return () => {
      current = false;
    };
  }, [data, jobId, page, width]);
  return src;
}

function Thumb({
  jobId,
  n,
  current,
  onPick,
}: {
  jobId: number;
  n: number;
  current: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const src = usePicture(jobId, n, 160);
  return (
    <button type="button" aria-current={current} onClick={onPick} aria-label={t('viewer.go_page', { n })}>
      {src ? <img src={src} alt="" loading="lazy" /> : <span className="ir-thumb-empty" />}
      <span aria-hidden="true">{n}</span>
    </button>
  );
}

const Icon = ({ d }: { d: string }) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  >
    <path d={d} />
  </svg>
);

export function PageView({
  jobId,
  pages,
  page,
  onPage,
  name,
  fields,
  active,
  hovered,
  onHover,
  onPick,
}: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  const viewport = useRef<HTMLElement>(null);
  const [fitWidth, setFitWidth] = useState(0);
  const [viewHeight, setViewHeight] = useState(0);
  const [aspect, setAspect] = useState(Math.SQRT2);
  const [zoom, setZoom] = useState(1);
  const [broken, setBroken] = useState(false);
  const [panning, setPanning] = useState(false);
  // The picture is asked at the width it is drawn (sharp when zoomed), in a few steps so the
  // browser and the service keep it.
  const drawn = fitWidth > 0 ? fitWidth * zoom : 0;
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const src = usePicture(jobId, page, pictureWidth(drawn * dpr));
  // Where the view's centre was, to keep it there when the zoom changes.
  const centre = useRef<{ x: number; y: number } | null>(null);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const pad = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      setFitWidth(Math.max(0, el.clientWidth - pad));
      setViewHeight(
        el.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom),
      );
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is a new picture
  useEffect(() => setBroken(false), [page, jobId]);

  const zoomTo = useCallback((next: number) => {
    const el = viewport.current;
    if (el && el.scrollWidth > 0)
      centre.current = {
        x: (el.scrollLeft + el.clientWidth / 2) / el.scrollWidth,
        y: (el.scrollTop + el.clientHeight / 2) / el.scrollHeight,
      };
    setZoom(next);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each change of the zoom
  useLayoutEffect(() => {
    const el = viewport.current;
    const c = centre.current;
    if (!el || !c) return;
    centre.current = null;
    el.scrollLeft = c.x * el.scrollWidth - el.clientWidth / 2;
    el.scrollTop = c.y * el.scrollHeight - el.clientHeight / 2;
  }, [zoom]);

  const fitPage = () =>
    zoomTo(fitWidth > 0 && viewHeight > 0 ? Math.min(1, viewHeight / (fitWidth * aspect)) : 1);

  // Ctrl+wheel (and a trackpad's pinch) zooms the page, not the whole screen.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      setZoom((z) => nextZoom(z, e.deltaY < 0 ? 1 : -1));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // The active field's box is brought into view when it is outside it (zoomed in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or zoom moves the box
  useEffect(() => {
    const el = viewport.current;
    const box = active ? el?.querySelector<HTMLElement>(`.ir-box[data-field="${CSS.escape(active)}"]`) : null;
    if (!el || !box) return;
    const v = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (b.left >= v.left && b.right <= v.right && b.top >= v.top && b.bottom <= v.bottom) return;
    el.scrollTo({
      left: el.scrollLeft + (b.left - v.left) - (v.width - b.width) / 2,
      top: el.scrollTop + (b.top - v.top) - (v.height - b.height) / 2,
    });
  }, [active, page, zoom]);

  // Dragging the picture moves it when it is larger than the view.
  const drag = useRef<{ x: number; y: number; left: number; top: number; id: number } | null>(null);
  const pannable = zoom > 1.001 || (fitWidth > 0 && fitWidth * zoom * aspect > viewHeight + 1);

  const boxed = fieldsOnPage(fields, page);
  const label = (f: FieldDetail) =>
    t('review.box_label', {
      field: t(`field.${f.key}`, { defaultValue: f.key }),
      value: f.value,
      status: t(`status.${f.status}`),
    });

  return (
    <section className="ir-viewer" aria-label={t('review.page', { n: page, total: pages })}>
      <div className="ir-viewer-bar" role="toolbar" aria-label={t('viewer.toolbar')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('viewer.zoom_out')}
          onClick={() => zoomTo(nextZoom(zoom, -1))}
        >
          <Icon d="M5 12h14" />
        </ActionIcon>
        <span className="ir-zoom" aria-live="polite">
          {t('viewer.zoom', { percent: Math.round(zoom * 100) })}
        </span>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('viewer.zoom_in')}
          onClick={() => zoomTo(nextZoom(zoom, 1))}
        >
          <Icon d="M12 5v14M5 12h14" />
        </ActionIcon>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          aria-pressed={Math.abs(zoom - 1) < 0.001}
          onClick={() => zoomTo(1)}
        >
          {t('viewer.fit_width')}
        </Button>
        <Button variant="subtle" color="gray" size="compact-sm" onClick={fitPage}>
          {t('viewer.fit_page')}
        </Button>
        <span className="ir-spacer" />
        {pages > 1 && (
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('review.prev_page')}
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              <Icon d="M15 6l-6 6 6 6" />
            </ActionIcon>
            <span className="ir-small" aria-live="polite">
              {t('review.page', { n: page, total: pages })}
            </span>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('review.next_page')}
              disabled={page >= pages}
              onClick={() => onPage(page + 1)}
            >
              <Icon d="M9 6l6 6-6 6" />
            </ActionIcon>
          </>
        )}
      </div>
      <div className="ir-viewer-body">
        {pages > 1 && (
          <nav className="ir-thumbs" aria-label={t('viewer.pages')}>
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <Thumb key={n} jobId={jobId} n={n} current={page === n} onPick={() => onPage(n)} />
            ))}
          </nav>
        )}
        <section
          ref={viewport}
          className={`ir-viewport${pannable ? ' ir-pannable' : ''}${panning ? ' ir-panning' : ''}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the picture is scrolled and zoomed by keyboard too
          tabIndex={0}
          aria-label={t('viewer.region')}
          onKeyDown={(e) => {
            if (e.altKey || e.ctrlKey || e.metaKey) return;
            if (e.key === '+' || e.key === '=') zoomTo(nextZoom(zoom, 1));
            else if (e.key === '-') zoomTo(nextZoom(zoom, -1));
            else if (e.key === '0') zoomTo(1);
            else return;
            e.preventDefault();
          }}
          onPointerDown={(e) => {
            const el = viewport.current;
            if (!el || !pannable || e.button !== 0 || (e.target as HTMLElement).closest('.ir-box')) return;
            drag.current = {
              x: e.clientX,
              y: e.clientY,
              left: el.scrollLeft,
              top: el.scrollTop,
              id: e.pointerId,
            };
            el.setPointerCapture(e.pointerId);
            setPanning(true);
          }}
          onPointerMove={(e) => {
            const el = viewport.current;
            const d = drag.current;
            if (!el || !d || d.id !== e.pointerId) return;
            el.scrollLeft = d.left - (e.clientX - d.x);
            el.scrollTop = d.top - (e.clientY - d.y);
          }}
          onPointerUp={() => {
            drag.current = null;
            setPanning(false);
          }}
          onPointerCancel={() => {
            drag.current = null;
            setPanning(false);
          }}
        >
          {src === null || broken ? (
            <p className="ir-no-page">{t('review.no_page')}</p>
          ) : (
            <figure style={{ margin: 0 }}>
              <div className="ir-page" data-testid="page" style={drawn > 0 ? { width: drawn } : undefined}>
                {src && (
                  <img
                    src={src}
                    alt={t('review.page_alt', { n: page, name })}
                    draggable={false}
                    onLoad={(e) => {
                      const img = e.currentTarget;
                      if (img.naturalWidth > 0) setAspect(img.naturalHeight / img.naturalWidth);
                    }}
                    onError={() => setBroken(true)}
                  />
                )}
                {boxed.map((f) => {
                  // In hundredths of the page: the box keeps its place at every zoom.
                  const box = bboxToPixels(f.bbox, { width: 100, height: 100 });
                  if (!box) return null;
                  // The field list is the keyboard's way to the fields, so a box takes no tab stop.
                  return (
                    <button
                      type="button"
                      tabIndex={-1}
                      key={f.key}
                      data-field={f.key}
                      className={`ir-box ir-st-${f.status}${f.key === active ? ' ir-active' : ''}${f.key === hovered ? ' ir-hover' : ''}`}
                      style={{
                        left: `${box.left}%`,
                        top: `${box.top}%`,
                        width: `${box.width}%`,
                        height: `${box.height}%`,
                      }}
                      title={label(f)}
                      aria-label={label(f)}
                      onMouseEnter={() => onHover(f.key)}
                      onMouseLeave={() => onHover(null)}
                      onClick={() => onPick(f.key)}
                    />
                  );
                })}
              </div>
              <figcaption>
                <span className="ir-sr">{t('review.boxes')}</span>
                <ul className="ir-sr">
                  {boxed.map((f) => (
                    <li key={f.key}>{label(f)}</li>
                  ))}
                </ul>
              </figcaption>
            </figure>
          )}
        </section>
      </div>
    </section>
  );
}
