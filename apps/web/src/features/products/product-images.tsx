import { thumbnailUrlOf } from '@tillbook/contract';
import { useRef } from 'react';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useArrangeImages, useDeleteImage, useProduct, useUploadImage } from './api.ts';

/** Photos of the product: several, ordered, one main (shown in lists and on the till). */
export function ProductImages({ productId }: { productId: number }) {
  const product = useProduct(productId);
  const upload = useUploadImage(productId);
  const remove = useDeleteImage();
  const arrange = useArrangeImages(productId);
  const input = useRef<HTMLInputElement>(null);
  const images = product.data?.images ?? [];

  async function onFiles(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        notify.error(`${file.name}: ${errorMessageOf(error)}`);
      }
    }
    if (input.current) input.current.value = '';
  }

  function move(index: number, by: -1 | 1) {
    const order = images.map((i) => i.id);
    const [moved] = order.splice(index, 1);
    if (moved === undefined) return;
    order.splice(index + by, 0, moved);
    const main = images.find((i) => i.isMain)?.id ?? order[0];
    if (main !== undefined) arrange.mutate({ order, mainId: main });
  }

  return (
    <Block
      title="Images"
      actions={
        <>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            multiple
            className="sr-only"
            // The button below opens it: the input itself is no second, invisible tab stop.
            tabIndex={-1}
            aria-label="Upload images"
            onChange={(e) => void onFiles(e.target.files)}
          />
          <Button variant="secondary" disabled={upload.isPending} onClick={() => input.current?.click()}>
            {upload.isPending ? 'Uploading…' : 'Upload images'}
          </Button>
        </>
      }
    >
      {images.length === 0 ? (
        <p className="text-sm text-gray-600">No images yet. PNG, JPEG, WebP or GIF, up to 5 MB each; the first becomes the main image.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
          {images.map((image, index) => (
            <li key={image.id} className="rounded-md border border-gray-200 p-2">
              <img src={thumbnailUrlOf(image.url)} alt={`Image ${index + 1}${image.isMain ? ' (main)' : ''}`} className="aspect-square w-full rounded object-cover" />
              <div className="mt-2 flex flex-wrap items-center justify-between gap-1 text-xs">
                {image.isMain ? (
                  <span className="font-semibold text-indigo-700">Main</span>
                ) : (
                  <button type="button" className="text-indigo-700 hover:underline" onClick={() => arrange.mutate({ order: images.map((i) => i.id), mainId: image.id })}>
                    Make main
                  </button>
                )}
                <span className="flex gap-1">
                  <button type="button" aria-label="Move left" disabled={index === 0} className="px-1 disabled:opacity-30" onClick={() => move(index, -1)}>
                    ←
                  </button>
                  <button type="button" aria-label="Move right" disabled={index === images.length - 1} className="px-1 disabled:opacity-30" onClick={() => move(index, 1)}>
                    →
                  </button>
                  <button type="button" className="text-red-700 hover:underline" onClick={() => remove.mutate(image.id)}>
                    Delete
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
