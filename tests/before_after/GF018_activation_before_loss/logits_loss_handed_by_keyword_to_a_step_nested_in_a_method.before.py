import torch


class Tagger:
    def __init__(self, features, tags):
        self.net = torch.nn.Linear(features, tags)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=1e-3)

    def fit(self, stream, steps):
        multi_label = torch.nn.BCEWithLogitsLoss()

        def step(x, y, crit):
            self.opt.zero_grad()
            scores = torch.sigmoid(self.net(x))
            crit(scores, y).backward()
            self.opt.step()

        done = 0
        while done < steps:
            x, y = next(stream)
            step(x, y, crit=multi_label)
            done += 1
