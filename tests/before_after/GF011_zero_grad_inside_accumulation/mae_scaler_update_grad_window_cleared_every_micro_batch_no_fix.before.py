import torch


class NormCountingScaler:
    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer, parameters=None, update_grad=True):
        self._scaler.scale(loss).backward()
        if update_grad:
            self._scaler.unscale_(optimizer)
            self._scaler.step(optimizer)
            self._scaler.update()


def fit_epoch(autoencoder, batches, opt_ae, accum_iter):
    scaler = NormCountingScaler()
    for data_iter_step, (images, _) in enumerate(batches):
        opt_ae.zero_grad()
        recon = autoencoder(images)
        loss = (recon - images).abs().mean()
        scaler(loss, opt_ae, parameters=autoencoder.parameters(), update_grad=(data_iter_step + 1) % accum_iter == 0)
