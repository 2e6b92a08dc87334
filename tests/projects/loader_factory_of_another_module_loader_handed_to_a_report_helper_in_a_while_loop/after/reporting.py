def describe(epoch, loader):
    print(f"epoch {epoch}: {len(loader)} batches of {loader.batch_size}")
