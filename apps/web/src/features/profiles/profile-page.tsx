/**
 * One profile screen of a segment: /master-merchant, /agency, /agent or
 * /merchant (HQs with their branches). The list (profile-list.tsx) on the shared list controller
 * with its state in the URL; a profile at `{path}/:id` in a drawer (profile-drawer.tsx); New and
 * Edit in the form drawer (profile-form.tsx) for holders of `{module}:create` / `:update`. A
 * created profile opens at once, where its documents are uploaded.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useListController } from '../../shared/list-controller.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { isProfileFiltered, parseProfileQuery, toProfileParams, toProfileSearchBody, type ProfileQuery } from './list-query.ts';
import { invalidateProfileLists, profileAnswered, useProfileSearchQuery, type ProfileDetail } from './profile-api.ts';
import { ProfileDrawer } from './profile-drawer.tsx';
import { ProfileForm, type ProfileFormTarget } from './profile-form.tsx';
import { ProfileList } from './profile-list.tsx';
import { segmentPermission, type SegmentView } from './segments.ts';
import './texts.ts';

export function ProfilePage({ view }: { view: SegmentView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const held = useAppSelector(selectHeldPermissions);
  const { id } = useParams();
  const [formTarget, setFormTarget] = useState<ProfileFormTarget | null>(null);
  const title = t(`nav${view.path.replace('/', '.')}`);

  const list = useListController({
    screen: view.path,
    parse: useCallback((params: URLSearchParams) => parseProfileQuery(params), []),
    serialize: useCallback((q: ProfileQuery) => toProfileParams(q), []),
    isFiltered: isProfileFiltered,
    mode: 'offset',
    pathname: view.path,
    request: (q: ProfileQuery) => ({ segment: view.segment, body: toProfileSearchBody(q) }),
    useQuery: useProfileSearchQuery,
    refresh: () => dispatch(invalidateProfileLists()),
  });

  const open = (profileId: number) => navigate({ pathname: `${view.path}/${profileId}`, search: location.search });
  const close = () => navigate({ pathname: view.path, search: location.search });
  const shownId = id === undefined ? null : /^\d{1,12}$/.test(id) ? Number(id) : -1;

  const saved = (savedId: number, mode: 'create' | 'update', stored: ProfileDetail | null) => {
    setFormTarget(null);
    // The save's mutation has asked the profile, its history and the lists again.
    if (stored) dispatch(profileAnswered(view.segment, stored));
    if (mode === 'create') open(savedId);
  };

  return (
    <>
      <ProfileList
        view={view}
        title={title}
        list={list}
        canCreate={held.has(segmentPermission(view, 'create'))}
        onNew={() => setFormTarget({ mode: 'create' })}
        onOpen={(row) => open(row.Id)}
      />
      <ProfileDrawer view={view} id={shownId} canUpdate={held.has(segmentPermission(view, 'update'))}
        canMove={view.segment === 'Merchant' && held.has('merchant:move')}
        onEdit={(profile) => setFormTarget({ mode: 'update', profile })} onClose={close} />
      {formTarget && <ProfileForm view={view} title={title} target={formTarget} onClose={() => setFormTarget(null)} onSaved={saved} />}
    </>
  );
}
