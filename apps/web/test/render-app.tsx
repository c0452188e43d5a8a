/**
 * Renders a memory router inside the app's frame as the screens get it (Redux store, i18next,
 * antd's App for message and modal), for the web tests of whole screens.
 */
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { i18n } from '../src/i18n/index.ts';
import type { createStore } from '../src/store/index.ts';

export function renderApp(store: ReturnType<typeof createStore>, router: ReturnType<typeof createMemoryRouter>): void {
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </I18nextProvider>
    </Provider>,
  );
}
