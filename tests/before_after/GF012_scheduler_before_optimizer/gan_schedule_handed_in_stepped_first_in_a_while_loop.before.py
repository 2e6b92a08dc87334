import torch


class GanRunner:
    def run(self, gen, disc, batches, opt_g, opt_d, sched, n_rounds):
        r = 0
        while r < n_rounds:
            sched.step()
            for real, z in batches:
                opt_d.zero_grad()
                d_loss = disc(gen(z).detach()).mean() - disc(real).mean()
                d_loss.backward()
                opt_d.step()
                opt_g.zero_grad()
                g_loss = -disc(gen(z)).mean()
                g_loss.backward()
                opt_g.step()
            r += 1
