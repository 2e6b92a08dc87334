import torch
import torch.nn as nn
import torch.nn.functional as F


def fit_cleared(batches, epochs=3):
    nets = {"painter": nn.Linear(16, 16), "judge": nn.Linear(16, 1)}
    opts = {
        "painter": torch.optim.Adam(nets["painter"].parameters(), lr=2e-4),
        "judge": torch.optim.Adam(nets["judge"].parameters(), lr=2e-4),
    }
    for _ in range(epochs):
        for photo, noise in batches:
            painted = nets["painter"](noise)
            opts["judge"].zero_grad()
            judge_loss = F.softplus(nets["judge"](painted.detach())).mean() + F.softplus(-nets["judge"](photo)).mean()
            judge_loss.backward()
            opts["judge"].step()
            painter_loss = F.softplus(-nets["judge"](painted)).mean()
            opts["painter"].zero_grad()
            painter_loss.backward()
            opts["painter"].step()


class PairTrainer:
    def __init__(self, width):
        self.parts = nn.ModuleDict({"maker": nn.Linear(width, width), "critic": nn.Linear(width, 1)})
        self.optims = {}
        self.optims['maker'] = torch.optim.SGD(self.parts['maker'].parameters(), lr=0.01)
        self.optims['critic'] = torch.optim.SGD(self.parts['critic'].parameters(), lr=0.01)

    def run(self, stream, total):
        done = 0
        while done < total:
            real, seed = next(stream)
            made = self.parts['maker'](seed)
            self.parts['critic'].requires_grad_(True)
            critic_loss = self.parts['critic'](made.detach()).mean() - self.parts['critic'](real).mean()
            critic_loss.backward()
            self.optims['critic'].step()
            self.optims['critic'].zero_grad()
            self.parts['critic'].requires_grad_(False)
            maker_loss = -self.parts['critic'](made).mean()
            maker_loss.backward()
            self.optims['maker'].step()
            self.optims['maker'].zero_grad()
            done += 1


def train_detached_mirror(loader, epochs=2):
    nets = {"dec": nn.Linear(8, 8), "disc": nn.Linear(8, 1)}
    opts = {"dec": torch.optim.Adam(nets["dec"].parameters()), "disc": torch.optim.Adam(nets["disc"].parameters())}
    for epoch in range(epochs):
        for real, code in loader:
            recon = nets["dec"](code)
            opts["dec"].zero_grad()
            dec_loss = F.l1_loss(recon, real) - nets["disc"](recon).mean()
            dec_loss.backward()
            opts["disc"].zero_grad()
            disc_loss = F.relu(1 - nets["disc"](real)).mean() + F.relu(1 + nets["disc"](recon.detach())).mean()
            disc_loss.backward()
            opts["dec"].step()
            opts["disc"].step()


def encoder_and_probe(loader):
    nets = {"enc": nn.Linear(4, 4), "probe": nn.Linear(4, 1)}
    opts = {"enc": torch.optim.Adam(nets["enc"].parameters()), "probe": torch.optim.Adam(nets["probe"].parameters())}
    for x, y in loader:
        h = nets["enc"](x)
        probe_loss = F.mse_loss(nets["probe"](h.detach()), y)
        probe_loss.backward()
        opts["probe"].step()
        opts["probe"].zero_grad()
        enc_loss = F.mse_loss(h, x)
        enc_loss.backward()
        opts["enc"].step()
        opts["enc"].zero_grad()


def keyed_by_arguments(loader, nets, g="gen", d="disc"):
    # which entries these are is not known from the file: not read
    opts = {k: torch.optim.Adam(nets[k].parameters()) for k in (g, d)}
    for real, z in loader:
        fake = nets[g](z)
        opts[d].zero_grad()
        d_loss = F.softplus(nets[d](fake.detach())).mean() + F.softplus(-nets[d](real)).mean()
        d_loss.backward()
        opts[d].step()
        opts[g].zero_grad()
        g_loss = F.softplus(-nets[d](fake)).mean()
        g_loss.backward()
        opts[g].step()
