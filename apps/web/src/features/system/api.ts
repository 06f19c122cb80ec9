import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Configuration,
  Dictionary,
  DictionaryDetail,
  Industry,
  IndustryNode,
  Menu,
  MenuApis,
  MenuNode,
  MenuSaveApis,
  Page,
  Region,
  RegionNode,
  WebApi,
  WebApiOnOff,
} from '@casedesk/shared';
import { refreshMenus } from '../../platform/menu-store';
import { http } from '../../platform/http/client';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';

export const configurationApi = resourceApi<Configuration>('Configuration');
export const dictionaryApi = resourceApi<Dictionary, DictionaryDetail>('Dictionary');
// A saved menu changes the side menu: reload the signed-in user's routes.
export const menuApi = resourceApi<Menu>('Menu', { onChanged: () => void refreshMenus() });
export const webApiApi = resourceApi<WebApi>('WebApi');
export const regionApi = resourceApi<Region>('Region');
export const industryApi = resourceApi<Industry>('Industry');

export function useMenuTree() {
  return useQuery({ queryKey: resourceKeys('Menu').of('tree'), queryFn: () => http.get<MenuNode[]>('/api/Menu/Tree') });
}

export function useMenuApis(menuId: number | null) {
  return useQuery({
    queryKey: resourceKeys('Menu').of('apis', menuId ?? 0),
    queryFn: () => http.get<MenuApis>(`/api/Menu/Apis/${menuId}`),
    enabled: menuId !== null,
    staleTime: 0,
  });
}

export function useSaveMenuApis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MenuSaveApis) => http.post<MenuApis>('/api/Menu/SaveApis', body),
    onSuccess: (data) => client.setQueryData(resourceKeys('Menu').of('apis', data.menuId), data),
  });
}

/** Every web API, for the menu's API picker (a few hundred rows at most). */
export function useAllWebApis(enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys('WebApi').of('all'),
    queryFn: () => http.post<Page<WebApi>>('/api/WebApi/Query', { page: 1, pageSize: 500 }),
    enabled,
    staleTime: 60_000,
  });
}

export function useWebApiOnOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebApiOnOff) => http.post<{ count: number }>('/api/WebApi/OnOff', body),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys('WebApi').all }),
  });
}

export function useIndustryTree() {
  return useQuery({
    queryKey: resourceKeys('Industry').of('tree'),
    queryFn: () => http.get<IndustryNode[]>('/api/Industry/Tree'),
  });
}

export const regionChildrenKey = (parentCode: string | null) => resourceKeys('Region').of('children', parentCode ?? '');

export function fetchRegionChildren(parentCode: string | null) {
  return http.get<RegionNode[]>('/api/Region/Children', parentCode ? { parentCode } : undefined);
}

export function useRegionRoots() {
  return useQuery({ queryKey: regionChildrenKey(null), queryFn: () => fetchRegionChildren(null) });
}
