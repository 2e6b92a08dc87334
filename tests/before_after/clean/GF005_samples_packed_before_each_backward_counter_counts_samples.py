"""A trainer that packs eight samples into one micro-batch before each backward: the counter
`seen` ticks once per sample, so a window of `self.group` ticks holds `self.group / 8`
backwards, not `self.group`. Dividing by `self.group` would be wrong: gradfix stays silent."""
import torch
import torch.nn.functional as F


class PairTrainer:
    def __init__(self, net, group=64):
        self.net = net
        self.group = group
        self.optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    def epoch(self, pairs):
        self.net.train()
        total = len(pairs)
        seen = 0
        running = 0.0
        feats, targets = [], []
        self.optim.zero_grad()
        for feat, target in pairs:
            seen += 1
            feats.append(feat)
            targets.append(target)
            if seen % 8 == 0 or seen == total:
                out = self.net(torch.stack(feats))
                loss = F.binary_cross_entropy_with_logits(out, torch.stack(targets))
                loss.backward()
                feats, targets = [], []
            else:
                continue
            if seen % self.group == 0 or seen == total:
                self.optim.step()
                self.optim.zero_grad()
            running += loss.item()
        return running
