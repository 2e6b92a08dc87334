# Two backwards per micro-batch, one per model, both divided by the window's count.
import torch

ACCUM = 4
backbone = Backbone().cuda()
probe = LinearProbe().cuda()
backbone_opt = torch.optim.AdamW(backbone.parameters(), lr=3e-4)
probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1)
criterion = torch.nn.CrossEntropyLoss()
for i, (images, labels) in enumerate(loader):
    feats = backbone(images)
    (criterion(backbone.classify(feats), labels) / ACCUM).backward()
    (criterion(probe(feats.detach()), labels) / ACCUM).backward()
    if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
        backbone_opt.step()
        probe_opt.step()
        backbone_opt.zero_grad()
        probe_opt.zero_grad()
