import torch


class Duel:
    def __init__(self, g, d):
        self.g, self.d = g, d
        self.g_opt = torch.optim.RMSprop(g.parameters(), lr=5e-5)
        self.d_opt = torch.optim.RMSprop(d.parameters(), lr=5e-5)

    def run(self, batches, total):
        done = 0
        while done < total:
            for real in batches:
                noise = torch.randn(real.size(0), 4)
                d_cost = self.d(self.g(noise).detach()).mean() - self.d(real).mean()
                self.d_opt.zero_grad()
                d_cost.backward()
                self.d_opt.step()
            noise = torch.randn(8, 4)
            g_cost = -self.d(self.g(noise)).mean()
            self.g_opt.zero_grad()
            g_cost.backward()
            self.g_opt.step()
            done += 1
