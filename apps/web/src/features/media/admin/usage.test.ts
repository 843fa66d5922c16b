import { describe, expect, it } from 'vitest';
import { founderPhotoUse, mediaUses } from './usage.ts';

const post = (id: string, content: string, featuredImage = '') => ({
  id,
  title: `Post ${id}`,
  content,
  featuredImage,
});

describe('mediaUses', () => {
  it('names each post and case study that uses the file, and where', () => {
    const uses = mediaUses('/media/a1.png', [
      {
        kind: 'Blog post',
        items: [
          post('1', 'Intro\n![Map](/media/a1.png)\n', '/media/a1.png'),
          post('2', 'No pictures'),
          post('3', 'See https://www.example.ca/media/a1.png here'),
        ],
      },
      { kind: 'Case study', items: [post('4', '<img src="/media/a1.png" alt="x" />')] },
    ]);
    expect(uses).toEqual([
      { kind: 'Blog post', id: '1', title: 'Post 1', where: ['featured image', 'content'] },
      { kind: 'Blog post', id: '3', title: 'Post 3', where: ['content'] },
      { kind: 'Case study', id: '4', title: 'Post 4', where: ['content'] },
    ]);
  });

  it('a longer name that begins the same is another file', () => {
    expect(
      mediaUses('/media/a1.png', [{ kind: 'Blog post', items: [post('1', '/media/a1.png.webp')] }]),
    ).toEqual([]);
  });

  it("names the founder's photo of Settings → Site when it is the file", () => {
    expect(founderPhotoUse('m1', 'm1')).toEqual([
      {
        kind: 'Site setting',
        id: 'founder-photo',
        title: "Founder's photo",
        where: ['about page'],
      },
    ]);
    expect(founderPhotoUse('m1', 'm2')).toEqual([]);
    expect(founderPhotoUse('m1', undefined)).toEqual([]);
  });
});
