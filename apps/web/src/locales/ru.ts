// Русские тексты веб-приложения.
import type { Texts } from './en';

export const ru: Texts = {
  common: {
    skip: 'Перейти к содержанию',
    language: 'Язык',
    soon: 'Этот экран скоро появится.',
    notFound: 'Страница не найдена',
    failed: 'Что-то пошло не так. Попробуйте ещё раз.',
    loading: 'Загрузка…',
    cancel: 'Отмена',
    confirm: 'Подтвердить',
  },
  nav: {
    label: 'Главное меню',
    invoices: 'Счета',
    review: 'Проверка',
    exports: 'Выгрузки',
    api: 'API',
    keys: 'Ключи',
    usage: 'Расход',
    calculator: 'Калькулятор цены',
    plans: 'Тарифы',
    account: 'Аккаунт',
  },
  signIn: {
    title: 'Вход',
    lead: 'Мы пришлём ссылку: пароль не нужен.',
    email: 'Адрес e-mail',
    submit: 'Прислать ссылку',
    checkMail: 'Проверьте почту',
    checkMailLead: 'Если {{email}} может войти, ссылка уже в пути. Она действует один раз и 15 минут.',
    again: 'Другой адрес',
    tooMany: 'Слишком много попыток. Подождите минуту.',
  },
};
