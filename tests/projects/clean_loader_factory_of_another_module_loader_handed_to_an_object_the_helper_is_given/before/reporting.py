def describe(epoch, loader, callbacks):
    print(f"epoch {epoch}: {len(loader)} batches")
    callbacks.on_epoch_start(loader, epoch)
