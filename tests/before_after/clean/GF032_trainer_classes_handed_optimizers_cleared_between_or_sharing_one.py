import torch
import torch.nn.functional as F


class InpaintingTrainer:
    def __init__(self, netG, netD, optG, optD):
        self.netG, self.netD = netG, netD
        self.optG = optG
        self.optD = optD

    def fit(self, loader, epochs):
        for _ in range(epochs):
            for masked, target in loader:
                filled = self.netG(masked)
                g_loss = F.l1_loss(filled, target) + F.softplus(-self.netD(filled)).mean()
                d_loss = F.softplus(-self.netD(target)).mean() + F.softplus(self.netD(filled.detach())).mean()
                self.optG.zero_grad()
                g_loss.backward()
                self.optD.zero_grad()  # drops what the generator's loss wrote into netD
                d_loss.backward()
                self.optG.step()
                self.optD.step()


class JointTrainer:
    def __init__(self, net, critic, net_opt, critic_opt):
        self.net = net
        self.critic = critic
        self.net_opt = net_opt
        self.critic_opt = critic_opt

    def fit(self, loader):
        for x, y in loader:
            out = self.net(x)
            loss = F.mse_loss(out, y) - self.critic(out).mean()
            critic_loss = F.relu(1 - self.critic(y)).mean() + F.relu(1 + self.critic(out.detach())).mean()
            self.net_opt.zero_grad()
            self.critic_opt.zero_grad()
            loss.backward()
            critic_loss.backward()
            self.net_opt.step()
            self.critic_opt.step()


def main(gen, disc, net, critic, loader):
    InpaintingTrainer(
        gen, disc, torch.optim.Adam(gen.parameters(), lr=2e-4), torch.optim.Adam(disc.parameters(), lr=2e-4)
    ).fit(loader, 3)
    # the first optimizer trains the critic too, on purpose: one model of both
    both = torch.optim.SGD(list(net.parameters()) + list(critic.parameters()), lr=0.01)
    JointTrainer(net, critic, both, torch.optim.SGD(critic.parameters(), lr=0.01)).fit(loader)
