# Each micro-batch runs two backwards, one per model, and both optimizers step once per
# window; the backbone's loss is divided by the window's count, the probe's is not: the
# probe's gradients are the sum of ACCUM micro-batches, ACCUM times the mean.
import torch

ACCUM = 4
backbone = Backbone().cuda()
probe = LinearProbe().cuda()
backbone_opt = torch.optim.AdamW(backbone.parameters(), lr=3e-4)
probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1, momentum=0.9)
criterion = torch.nn.CrossEntropyLoss()


def train(loader):
    step = 0
    for images, labels in loader:
        feats = backbone(images)
        (criterion(backbone.classify(feats), labels) / ACCUM).backward()
        (criterion(probe(feats.detach()), labels) / ACCUM).backward()
        step += 1
        if step % ACCUM == 0:
            backbone_opt.step()
            probe_opt.step()
            backbone_opt.zero_grad()
            probe_opt.zero_grad()
