import torch

from engine.epochs import fine_tune, run_epoch


def fit(net, batches, n_epochs):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    amp_scaler = torch.amp.GradScaler("cuda")
    for epoch in range(n_epochs):
        run_epoch(net, batches, opt, amp_scaler)


def tune_per_task(nets, batches):
    for net in nets:
        scaler = torch.amp.GradScaler("cuda")
        fine_tune(net, batches, scaler)
