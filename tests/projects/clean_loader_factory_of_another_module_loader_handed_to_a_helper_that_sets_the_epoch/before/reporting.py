def describe(epoch, loader):
    print(f"epoch {epoch}: {len(loader)} batches")
    loader.sampler.set_epoch(epoch)
