import type { MediaFile } from '@kw/media/contract';
import { Alert, Typography } from 'antd';
import { useMemo } from 'react';
import { useListAllPostsQuery } from '../../blog/api.ts';
import { useListAllCaseStudiesQuery } from '../../case-studies/api.ts';
import { useFounderPhotoQuery } from '../../site/api.ts';
import { useListMediaQuery } from '../api.ts';
import { MediaTable } from './MediaTable.tsx';
import { UploadFiles } from './UploadFiles.tsx';
import { founderPhotoUse, mediaUses } from './usage.ts';

export function MediaManager() {
  const { data, isLoading, isError, refetch } = useListMediaQuery();
  // Where each file is used: the posts and case studies (drafts too) that point at it, and the
  // founder's photo of Settings → Site.
  const posts = useListAllPostsQuery();
  const studies = useListAllCaseStudiesQuery();
  const founderPhoto = useFounderPhotoQuery();
  const founderMediaId = founderPhoto.data?.photo?.mediaId;
  const usesOf = useMemo(() => {
    const users = [
      { kind: 'Blog post' as const, items: posts.data ?? [] },
      { kind: 'Case study' as const, items: studies.data ?? [] },
    ];
    return (file: MediaFile) => [
      ...mediaUses(file.url, users),
      ...founderPhotoUse(file.id, founderMediaId),
    ];
  }, [posts.data, studies.data, founderMediaId]);

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Media Manager
      </Typography.Title>
      <UploadFiles onUploaded={refetch} />
      {isError && (
        <Alert
          type="error"
          showIcon
          title="Failed to fetch media files"
          style={{ marginBottom: 16 }}
        />
      )}
      <MediaTable files={data ?? []} loading={isLoading} usesOf={usesOf} />
    </>
  );
}
