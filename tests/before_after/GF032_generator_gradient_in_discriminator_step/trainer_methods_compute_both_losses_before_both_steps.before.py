import torch
import torch.nn as nn
import torch.nn.functional as F


class InpaintingTrainer:
    def __init__(self, net_g, net_d, lr=1e-4):
        self.net_g = net_g
        self.net_d = net_d
        self.opt_g = torch.optim.Adam(self.net_g.parameters(), lr=lr)
        self.opt_d = torch.optim.Adam(self.net_d.parameters(), lr=lr)

    def adversarial_d(self, disc, real, completed):
        return F.softplus(-disc(real)).mean() + F.softplus(disc(completed)).mean()

    def adversarial_g(self, disc, completed):
        return F.softplus(-disc(completed)).mean()

    def run(self, batches):
        for images, masks in batches:
            completed = self.net_g(images * (1 - masks)) * masks + images * (1 - masks)
            self.opt_g.zero_grad()
            self.opt_d.zero_grad()
            rec = F.l1_loss(completed, images)
            gen_loss = rec + 0.01 * self.adversarial_g(self.net_d, completed)
            dis_loss = self.adversarial_d(self.net_d, images, completed.detach())
            gen_loss.backward()
            dis_loss.backward()
            self.opt_g.step()
            self.opt_d.step()
