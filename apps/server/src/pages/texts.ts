// The words of the public pages in their four languages (de, en, ru, it). What the service reads
// and never does follows the specification's "What the service does"; figures are filled in.
import type { Lang } from '../auth/texts.js';

export interface PageTexts {
  title: string;
  description: string;
  tagline: string;
  lead: string;
  signIn: string;
  apiDocs: string;
  readsTitle: string;
  reads: Array<[what: string, how: string, charged: boolean]>;
  free: string;
  charged: string;
  neverTitle: string;
  never: string[];
  pricesTitle: string;
  pricesLead: (freePages: number, minTopUp: string) => string;
  fromPages: string;
  perPage: string;
  examplesTitle: string;
  pagesAMonth: string;
  total: string;
  countriesTitle: string;
  countriesLead: string;
  reviewsTitle: string;
  allReviews: string;
  tryTitle: string;
  tryLead: string;
  tryFile: string;
  tryCountry: string;
  tryButton: string;
  tryResult: string;
  tryNothing: string;
  tryBack: string;
  leadTitle: string;
  leadLead: string;
  leadEmail: string;
  leadCompany: string;
  leadPages: string;
  leadComment: string;
  leadButton: string;
  leadThanks: string;
  languages: string;
}

const en: PageTexts = {
  title: 'Invoice Reader: received invoices into structured data',
  description:
    'Reads the invoices a business receives (PDF, JPG, PNG, XML) into structured JSON and accounting files, without inventing values.',
  tagline: 'Received invoices, read into data.',
  lead: 'Send a PDF, a photo or an e-invoice: the service returns its fields as structured JSON and files for your accounting. A value it could not confirm is flagged or left empty, never made up.',
  signIn: 'Sign in',
  apiDocs: 'API documentation',
  readsTitle: 'What it reads',
  reads: [
    ['ZUGFeRD, Factur-X, XRechnung, UBL/Peppol', 'from the embedded structured data', false],
    ['FatturaPA', 'from its structured data', false],
    ['Swiss QR-bill, SEPA (EPC) QR', 'from the QR code', false],
    ['PDF with a text layer', 'from the text layer', false],
    ['Scan or photo (PDF, JPG, PNG)', 'image recognition, checked by arithmetic and checksums', true],
  ],
  free: 'free',
  charged: 'per scanned page',
  neverTitle: 'What it never does',
  never: [
    'It never invents a value: a sum that does not add up or an IBAN that fails its checksum is flagged; what could not be confirmed stays empty and says why.',
    'It does not create invoices.',
    'It does not post to accounting accounts.',
    'It gives no tax advice.',
    'It does not accept payments on your behalf.',
    'The same file is never charged twice.',
  ],
  pricesTitle: 'Prices',
  pricesLead: (free, min) =>
    `Only scanned pages cost money; everything else is free. The first ${free} scanned pages in the API are free, with no card. A prepaid balance, no subscription; the smallest top-up is ${min}.`,
  fromPages: 'From page (per month)',
  perPage: 'Price per page',
  examplesTitle: 'Examples',
  pagesAMonth: 'Scanned pages a month',
  total: 'Total',
  countriesTitle: 'Supported countries',
  countriesLead: 'The fields returned depend on the receiving business’s country.',
  reviewsTitle: 'Reviews',
  allReviews: 'All reviews',
  tryTitle: 'Try it with an e-invoice',
  tryLead:
    'No account needed: choose a ZUGFeRD, Factur-X, XRechnung, UBL or FatturaPA file (2 MB at most). It is read in memory and not kept.',
  tryFile: 'E-invoice file',
  tryCountry: 'Your country',
  tryButton: 'Read it',
  tryResult: 'What the reader found',
  tryNothing: 'This file could not be read as an e-invoice.',
  tryBack: 'Back to the page',
  leadTitle: 'Talk to us',
  leadLead: 'Many invoices a month? Leave your address and we will write to you.',
  leadEmail: 'E-mail address',
  leadCompany: 'Company (optional)',
  leadPages: 'Pages a month (optional)',
  leadComment: 'Message (optional)',
  leadButton: 'Send',
  leadThanks: 'Thank you: we will write to you soon.',
  languages: 'Languages',
};

const de: PageTexts = {
  title: 'Invoice Reader: Eingangsrechnungen als strukturierte Daten',
  description:
    'Liest Eingangsrechnungen (PDF, JPG, PNG, XML) in strukturiertes JSON und Buchhaltungsdateien – ohne Werte zu erfinden.',
  tagline: 'Eingangsrechnungen, gelesen als Daten.',
  lead: 'Senden Sie ein PDF, ein Foto oder eine E-Rechnung: Der Dienst liefert die Felder als strukturiertes JSON und Dateien für Ihre Buchhaltung. Was er nicht bestätigen kann, wird markiert oder bleibt leer – nie erfunden.',
  signIn: 'Anmelden',
  apiDocs: 'API-Dokumentation',
  readsTitle: 'Was er liest',
  reads: [
    ['ZUGFeRD, Factur-X, XRechnung, UBL/Peppol', 'aus den eingebetteten strukturierten Daten', false],
    ['FatturaPA', 'aus den strukturierten Daten', false],
    ['Schweizer QR-Rechnung, SEPA-(EPC-)QR', 'aus dem QR-Code', false],
    ['PDF mit Textebene', 'aus der Textebene', false],
    ['Scan oder Foto (PDF, JPG, PNG)', 'Texterkennung, geprüft durch Rechnen und Prüfziffern', true],
  ],
  free: 'kostenlos',
  charged: 'pro gescannter Seite',
  neverTitle: 'Was er nie tut',
  never: [
    'Er erfindet keine Werte: Eine Summe, die nicht aufgeht, oder eine IBAN mit falscher Prüfziffer wird markiert; Unbestätigtes bleibt leer, mit Begründung.',
    'Er erstellt keine Rechnungen.',
    'Er bucht nicht auf Konten.',
    'Er gibt keine Steuerberatung.',
    'Er nimmt keine Zahlungen für Sie an.',
    'Dieselbe Datei wird nie zweimal berechnet.',
  ],
  pricesTitle: 'Preise',
  pricesLead: (free, min) =>
    `Nur gescannte Seiten kosten Geld, alles andere ist kostenlos. Die ersten ${free} gescannten Seiten in der API sind frei, ohne Karte. Vorausbezahltes Guthaben, kein Abo; die kleinste Aufladung beträgt ${min}.`,
  fromPages: 'Ab Seite (pro Monat)',
  perPage: 'Preis pro Seite',
  examplesTitle: 'Beispiele',
  pagesAMonth: 'Gescannte Seiten im Monat',
  total: 'Summe',
  countriesTitle: 'Unterstützte Länder',
  countriesLead: 'Welche Felder geliefert werden, hängt vom Land des empfangenden Unternehmens ab.',
  reviewsTitle: 'Bewertungen',
  allReviews: 'Alle Bewertungen',
  tryTitle: 'Mit einer E-Rechnung ausprobieren',
  tryLead:
    'Ohne Konto: Wählen Sie eine ZUGFeRD-, Factur-X-, XRechnung-, UBL- oder FatturaPA-Datei (höchstens 2 MB). Sie wird im Speicher gelesen und nicht aufbewahrt.',
  tryFile: 'E-Rechnungs-Datei',
  tryCountry: 'Ihr Land',
  tryButton: 'Lesen',
  tryResult: 'Was der Leser gefunden hat',
  tryNothing: 'Diese Datei ließ sich nicht als E-Rechnung lesen.',
  tryBack: 'Zurück zur Seite',
  leadTitle: 'Sprechen Sie uns an',
  leadLead: 'Viele Rechnungen im Monat? Hinterlassen Sie Ihre Adresse, wir schreiben Ihnen.',
  leadEmail: 'E-Mail-Adresse',
  leadCompany: 'Firma (optional)',
  leadPages: 'Seiten pro Monat (optional)',
  leadComment: 'Nachricht (optional)',
  leadButton: 'Senden',
  leadThanks: 'Danke – wir melden uns bald.',
  languages: 'Sprachen',
};

const ru: PageTexts = {
  title: 'Invoice Reader: входящие счета в структурированные данные',
  description:
    'Читает входящие счета (PDF, JPG, PNG, XML) в структурированный JSON и файлы для учёта, не выдумывая значений.',
  tagline: 'Входящие счета — сразу данными.',
  lead: 'Пришлите PDF, фото или электронный счёт: сервис вернёт его поля в виде структурированного JSON и файлов для учёта. Значение, которое не удалось подтвердить, помечается или остаётся пустым — но никогда не выдумывается.',
  signIn: 'Войти',
  apiDocs: 'Документация API',
  readsTitle: 'Что он читает',
  reads: [
    ['ZUGFeRD, Factur-X, XRechnung, UBL/Peppol', 'из встроенных структурированных данных', false],
    ['FatturaPA', 'из структурированных данных', false],
    ['Швейцарский QR-счёт, SEPA (EPC) QR', 'из QR-кода', false],
    ['PDF с текстовым слоем', 'из текстового слоя', false],
    ['Скан или фото (PDF, JPG, PNG)', 'распознавание, проверенное арифметикой и контрольными суммами', true],
  ],
  free: 'бесплатно',
  charged: 'за отсканированную страницу',
  neverTitle: 'Чего он никогда не делает',
  never: [
    'Не выдумывает значений: несходящаяся сумма или IBAN с неверной контрольной суммой помечаются; неподтверждённое остаётся пустым с объяснением.',
    'Не создаёт счета.',
    'Не проводит по счетам учёта.',
    'Не даёт налоговых консультаций.',
    'Не принимает платежи за вас.',
    'Один и тот же файл никогда не оплачивается дважды.',
  ],
  pricesTitle: 'Цены',
  pricesLead: (free, min) =>
    `Платны только отсканированные страницы, всё остальное бесплатно. Первые ${free} отсканированных страниц в API бесплатны, без карты. Предоплаченный баланс без подписки; минимальное пополнение — ${min}.`,
  fromPages: 'С какой страницы (в месяц)',
  perPage: 'Цена за страницу',
  examplesTitle: 'Примеры',
  pagesAMonth: 'Отсканированных страниц в месяц',
  total: 'Итого',
  countriesTitle: 'Поддерживаемые страны',
  countriesLead: 'Набор полей зависит от страны компании-получателя.',
  reviewsTitle: 'Отзывы',
  allReviews: 'Все отзывы',
  tryTitle: 'Попробуйте с электронным счётом',
  tryLead:
    'Без аккаунта: выберите файл ZUGFeRD, Factur-X, XRechnung, UBL или FatturaPA (не больше 2 МБ). Он читается в памяти и не сохраняется.',
  tryFile: 'Файл электронного счёта',
  tryCountry: 'Ваша страна',
  tryButton: 'Прочитать',
  tryResult: 'Что удалось прочитать',
  tryNothing: 'Этот файл не удалось прочитать как электронный счёт.',
  tryBack: 'Назад на страницу',
  leadTitle: 'Свяжитесь с нами',
  leadLead: 'Много счетов в месяц? Оставьте адрес, и мы вам напишем.',
  leadEmail: 'Адрес e-mail',
  leadCompany: 'Компания (необязательно)',
  leadPages: 'Страниц в месяц (необязательно)',
  leadComment: 'Сообщение (необязательно)',
  leadButton: 'Отправить',
  leadThanks: 'Спасибо! Мы скоро напишем.',
  languages: 'Языки',
};

const it: PageTexts = {
  title: 'Invoice Reader: le fatture ricevute in dati strutturati',
  description:
    'Legge le fatture ricevute (PDF, JPG, PNG, XML) in JSON strutturato e file per la contabilità, senza inventare valori.',
  tagline: 'Fatture ricevute, lette come dati.',
  lead: 'Invia un PDF, una foto o una fattura elettronica: il servizio restituisce i campi in JSON strutturato e file per la contabilità. Un valore che non può confermare viene segnalato o lasciato vuoto, mai inventato.',
  signIn: 'Accedi',
  apiDocs: 'Documentazione API',
  readsTitle: 'Cosa legge',
  reads: [
    ['ZUGFeRD, Factur-X, XRechnung, UBL/Peppol', 'dai dati strutturati incorporati', false],
    ['FatturaPA', 'dai suoi dati strutturati', false],
    ['QR-fattura svizzera, QR SEPA (EPC)', 'dal codice QR', false],
    ['PDF con livello di testo', 'dal livello di testo', false],
    [
      'Scansione o foto (PDF, JPG, PNG)',
      'riconoscimento, verificato con aritmetica e cifre di controllo',
      true,
    ],
  ],
  free: 'gratis',
  charged: 'per pagina scansionata',
  neverTitle: 'Cosa non fa mai',
  never: [
    'Non inventa valori: una somma che non torna o un IBAN con cifra di controllo errata viene segnalato; ciò che non è confermato resta vuoto, con il motivo.',
    'Non crea fatture.',
    'Non registra sui conti contabili.',
    'Non dà consulenza fiscale.',
    'Non incassa pagamenti per tuo conto.',
    'Lo stesso file non viene mai addebitato due volte.',
  ],
  pricesTitle: 'Prezzi',
  pricesLead: (free, min) =>
    `Si pagano solo le pagine scansionate; tutto il resto è gratis. Le prime ${free} pagine scansionate nell’API sono gratis, senza carta. Credito prepagato, nessun abbonamento; la ricarica minima è ${min}.`,
  fromPages: 'Dalla pagina (al mese)',
  perPage: 'Prezzo per pagina',
  examplesTitle: 'Esempi',
  pagesAMonth: 'Pagine scansionate al mese',
  total: 'Totale',
  countriesTitle: 'Paesi supportati',
  countriesLead: 'I campi restituiti dipendono dal paese dell’azienda che riceve la fattura.',
  reviewsTitle: 'Recensioni',
  allReviews: 'Tutte le recensioni',
  tryTitle: 'Prova con una fattura elettronica',
  tryLead:
    'Senza account: scegli un file ZUGFeRD, Factur-X, XRechnung, UBL o FatturaPA (al massimo 2 MB). Viene letto in memoria e non conservato.',
  tryFile: 'File della fattura elettronica',
  tryCountry: 'Il tuo paese',
  tryButton: 'Leggi',
  tryResult: 'Cosa ha trovato il lettore',
  tryNothing: 'Questo file non è stato letto come fattura elettronica.',
  tryBack: 'Torna alla pagina',
  leadTitle: 'Parliamone',
  leadLead: 'Molte fatture al mese? Lascia il tuo indirizzo e ti scriveremo.',
  leadEmail: 'Indirizzo e-mail',
  leadCompany: 'Azienda (facoltativo)',
  leadPages: 'Pagine al mese (facoltativo)',
  leadComment: 'Messaggio (facoltativo)',
  leadButton: 'Invia',
  leadThanks: 'Grazie: ti scriveremo presto.',
  languages: 'Lingue',
};

export const PAGE_TEXTS: Record<Lang, PageTexts> = { de, en, ru, it };
