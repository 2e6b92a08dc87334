# Two optimizers after one scaled backward: the scaler steps the model's, the probe's is
# stepped directly. gradfix sees no call of `probe` in the loss, and `scaler.step(probe_opt)`
# raises ("No inf checks were recorded for this optimizer") when no parameter of the probe
# has a gradient, where `probe_opt.step()` did nothing: the fix is unsafe, no after file.
import torch

model = Net().cuda()
probe = Probe().cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")
for x, y in loader:
    opt.zero_grad()
    probe_opt.zero_grad()
    with torch.autocast("cuda"):
        feats = model.features(x)
        loss = criterion(model.head(feats), y) + aux_loss(feats)
    scaler.scale(loss).backward()
    scaler.step(opt)
    probe_opt.step()
    scaler.update()
