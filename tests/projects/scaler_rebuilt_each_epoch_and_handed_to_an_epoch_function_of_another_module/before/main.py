import torch

import engine.epochs as epochs


def fit(net, batches, n_epochs):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    epoch = 0
    while epoch < n_epochs:
        # a new scaler every epoch: each starts again at its initial scale
        amp_scaler = torch.amp.GradScaler("cuda")
        epochs.run_epoch(net, batches, opt, amp_scaler)
        epoch += 1
